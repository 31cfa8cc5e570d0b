// Only point-to-point operations and waits can be deferred to the end of a
// region: collectives, probes, tests and communicator creation cannot. Calls
// that never wait are fine.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>

void f(double *u, int peer) {
  MPI_Request r;
  MPI_Comm dup;
  int flag, rank;
#pragma bamboo olap
  {
    MPI_Irecv(u, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double t = MPI_Wtime();
    (void)t;
    MPI_Allreduce(MPI_IN_PLACE, u + 1, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    // CHECK: not-deferrable.cpp:[[@LINE-1]]:5: error: collective 'MPI_Allreduce' inside an olap region; only point-to-point operations and waits can be deferred to the end of a region
    // CHECK: not-deferrable.cpp:11:16: note: olap region starts here
    MPI_Probe(peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    // CHECK: not-deferrable.cpp:[[@LINE-1]]:5: error: probe 'MPI_Probe' inside an olap region; only point-to-point operations and waits can be deferred to the end of a region
    MPI_Iprobe(peer, 1, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    // CHECK: not-deferrable.cpp:[[@LINE-1]]:5: error: probe 'MPI_Iprobe' inside an olap region; only point-to-point operations and waits can be deferred to the end of a region
    MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
    // CHECK: not-deferrable.cpp:[[@LINE-1]]:5: error: test 'MPI_Test' inside an olap region; only point-to-point operations and waits can be deferred to the end of a region
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    // CHECK: not-deferrable.cpp:[[@LINE-1]]:5: error: communicator operation 'MPI_Comm_dup' inside an olap region; only point-to-point operations and waits can be deferred to the end of a region
    MPI_Cart_create(MPI_COMM_WORLD, 1, &peer, &flag, 0, &dup);
    // CHECK: not-deferrable.cpp:[[@LINE-1]]:5: error: communicator operation 'MPI_Cart_create' inside an olap region; only point-to-point operations and waits can be deferred to the end of a region
    MPI_Cart_shift(dup, 0, 1, &flag, &rank);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Request_get_status(r, &flag, MPI_STATUS_IGNORE);
    // CHECK: not-deferrable.cpp:[[@LINE-1]]:5: error: test 'MPI_Request_get_status' inside an olap region; only point-to-point operations and waits can be deferred to the end of a region
  }
}
