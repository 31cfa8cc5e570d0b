// A region that calls a function with a region of its own nests them too.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
#include <mpi.h>

void inner(int *x) {
#pragma bamboo olap
  MPI_Recv(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

void middle(int *x) { inner(x); }

void outer(int *x) {
#pragma bamboo olap
  {
    middle(x);
  }
}
// CHECK:      nested-olap-through-call.cpp:15:5: error: call to 'middle' inside an olap region reaches another olap region
// CHECK-NEXT:     middle(x);
// CHECK-NEXT:     ^
// CHECK-NEXT: nested-olap-through-call.cpp:10:23: note: 'middle' calls 'inner' here
// CHECK:      nested-olap-through-call.cpp:6:16: note: 'inner' has an olap region here
// CHECK:      nested-olap-through-call.cpp:13:16: note: olap region starts here
