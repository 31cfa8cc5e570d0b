// A wait inside a region on a request no call in the region starts: the
// region would defer a wait on a receive that is not in its firing rule.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
#include <mpi.h>

static void post(double *u, int peer, MPI_Request *r) {
  MPI_Irecv(u, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, r);
}

void f(double *u, int peer) {
  MPI_Request early, reqs[2], late;
  MPI_Irecv(u, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &early);
#pragma bamboo olap
  {
    MPI_Irecv(u + 1, 1, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(u + 2, 1, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &reqs[1]);
    post(u + 3, peer, &late);
    MPI_Wait(&early, MPI_STATUS_IGNORE);
    // CHECK: wait-unstarted-request.cpp:[[@LINE-1]]:14: warning: 'MPI_Wait' waits on 'early', which no call in this olap region starts
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Wait(&late, MPI_STATUS_IGNORE);
  }
}
