// Jumping into a region skips its start: goto, case and default labels.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>

void f(int *x, int k, int peer) {
  switch (k) {
  case 1:
#pragma bamboo olap
    {
    case 2:
      // CHECK: region-entry.cpp:[[@LINE-1]]:5: error: 'case' jumps into an olap region
      // CHECK: region-entry.cpp:8:16: note: olap region starts here
      MPI_Recv(x, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    default:
      // CHECK: region-entry.cpp:[[@LINE-1]]:5: error: 'default' jumps into an olap region
      ++k;
    }
  }
  if (k)
    goto inside;
  // CHECK: region-entry.cpp:[[@LINE-1]]:5: error: 'goto' jumps into an olap region
  // CHECK: region-entry.cpp:[[@LINE+1]]:16: note: olap region starts here
#pragma bamboo olap
  {
    MPI_Recv(x, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  inside:
    ++k;
  }
}
