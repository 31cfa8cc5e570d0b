// Control flow may not leave a region early: its end is where the task
// waits for the firing rule. Jumps that stay inside the region are fine.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>

int f(int *x, int n, int peer) {
  for (int i = 0; i < n; ++i) {
#pragma bamboo olap
    {
      MPI_Recv(x, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      if (n < 0)
        return -1;
      // CHECK: region-exit.cpp:[[@LINE-1]]:9: error: 'return' leaves an olap region
      // CHECK-NEXT: return -1;
      // CHECK: region-exit.cpp:8:16: note: olap region starts here
      if (n == 0)
        break;
      // CHECK: region-exit.cpp:[[@LINE-1]]:9: error: 'break' leaves an olap region
      if (n == 1)
        continue;
      // CHECK: region-exit.cpp:[[@LINE-1]]:9: error: 'continue' leaves an olap region
      if (n == 3)
        throw 3;
      // CHECK: region-exit.cpp:[[@LINE-1]]:9: error: 'throw' leaves an olap region
      for (int j = 0; j < n; ++j) {
        if (j == 2)
          break;
        if (j == 3)
          continue;
        switch (j) {
        case 4:
          break;
        }
      }
      try {
        throw 4;
      } catch (int) {
      }
      goto inside;
    inside:
      if (n == 2)
        goto out;
      // CHECK: region-exit.cpp:[[@LINE-1]]:9: error: 'goto' leaves an olap region
    }
  }
out:
  return 0;
}
