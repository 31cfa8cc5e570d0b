// A call in a send block to a function that posts a receive is an error too:
// the receive would join the firing rule from a send block. (A function of
// another file is not seen: a file is analysed on its own, as it is compiled;
// multifile/across-files-diagnostics.test.)
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: not %bamboo --explain %s -- 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
#include <mpi.h>

static void fetch(double *u, int peer, MPI_Request *r) {
  MPI_Irecv(u, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, r);
}

void f(double *u, int peer) {
  MPI_Request r;
#pragma bamboo olap
  {
#pragma bamboo send
    {
      fetch(u, peer, &r);
    }
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
}
// CHECK:      receive-in-send-block-through-call.cpp:19:7: error: call to 'fetch' inside a send block reaches receive 'MPI_Irecv'
// CHECK-NEXT:       fetch(u, peer, &r);
// CHECK-NEXT:       ^
// CHECK-NEXT: receive-in-send-block-through-call.cpp:10:3: note: 'fetch' calls 'MPI_Irecv' here
// CHECK:      receive-in-send-block-through-call.cpp:17:16: note: send block starts here
