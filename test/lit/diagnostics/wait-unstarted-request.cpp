// A wait inside a region on a request no call in the region starts: the
// region would defer a wait on a receive that is not in its firing rule.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
#include <mpi.h>
#include <vector>

static void post(double *u, int peer, MPI_Request *r) {
  MPI_Irecv(u, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, r);
}

void f(double *u, int peer) {
  MPI_Request early, reqs[2], late, persistent, both[2];
  MPI_Irecv(u, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &early);
  // Persistent requests made before the region are started in it.
  MPI_Recv_init(u + 4, 1, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD, &persistent);
  MPI_Recv_init(u + 5, 1, MPI_DOUBLE, peer, 3, MPI_COMM_WORLD, &both[0]);
  MPI_Send_init(u + 6, 1, MPI_DOUBLE, peer, 3, MPI_COMM_WORLD, &both[1]);
#pragma bamboo olap
  {
    MPI_Irecv(u + 1, 1, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(u + 2, 1, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &reqs[1]);
    post(u + 3, peer, &late);
    MPI_Start(&persistent);
    MPI_Startall(2, both);
    MPI_Wait(&early, MPI_STATUS_IGNORE);
    // CHECK: wait-unstarted-request.cpp:[[@LINE-1]]:14: warning: 'MPI_Wait' waits on 'early', which no call in this olap region starts
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Wait(&late, MPI_STATUS_IGNORE);
    MPI_Wait(&persistent, MPI_STATUS_IGNORE);
    MPI_Waitall(2, both, MPI_STATUSES_IGNORE);
  }
}

// Requests collected in a vector as they start are started in the region.
void collected(double *u, int n, int peer) {
  std::vector<MPI_Request> reqs;
#pragma bamboo olap
  {
    for (int i = 0; i < n; ++i) {
      MPI_Request r;
      MPI_Irecv(u + i, 1, MPI_DOUBLE, peer, i, MPI_COMM_WORLD, &r);
      reqs.push_back(r);
    }
    MPI_Waitall(static_cast<int>(reqs.size()), reqs.data(), MPI_STATUSES_IGNORE);
  }
}
// Whatever the translator accepts compiles.
// RUN: %bamboo %s -o %t.accepted.cpp -- 2> %t.warnings
// RUN: %check_compiles %t.accepted.cpp
