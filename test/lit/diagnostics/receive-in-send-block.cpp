// A send block holds sends only: a receive (or a send-receive) there is an
// error, with a note at the send block.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
#include <mpi.h>

void f(double *u, int peer) {
  MPI_Request r;
#pragma bamboo olap
  {
#pragma bamboo send
    // CHECK-DAG: receive-in-send-block.cpp:[[@LINE-1]]:16: note: send block starts here
    {
      MPI_Send(u, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
      MPI_Irecv(u + 1, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
      // CHECK-DAG: receive-in-send-block.cpp:[[@LINE-1]]:7: error: receive 'MPI_Irecv' inside a send block
      MPI_Sendrecv(u, 1, MPI_DOUBLE, peer, 1, u + 2, 1, MPI_DOUBLE, peer, 1,
                   MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      // CHECK-DAG: receive-in-send-block.cpp:[[@LINE-2]]:7: error: receive 'MPI_Sendrecv' inside a send block
    }
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
}
