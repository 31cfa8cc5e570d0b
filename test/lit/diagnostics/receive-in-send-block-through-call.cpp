// A call in a send block that reaches a receive is an error too.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
#include <mpi.h>

static void fetch(double *u, int peer) {
  MPI_Recv(u, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

void f(double *u, int peer) {
#pragma bamboo olap
  {
#pragma bamboo send
    {
      fetch(u, peer);
    }
  }
}
// CHECK:      receive-in-send-block-through-call.cpp:14:7: error: call to 'fetch' inside a send block reaches receive 'MPI_Recv'
// CHECK-NEXT:       fetch(u, peer);
// CHECK-NEXT:       ^
// CHECK-NEXT: receive-in-send-block-through-call.cpp:6:3: note: 'fetch' calls 'MPI_Recv' here
// CHECK:      receive-in-send-block-through-call.cpp:12:16: note: send block starts here
