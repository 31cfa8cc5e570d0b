// MPI 4.0's functions the runtime cannot honour are errors too (only an MPI 4
// header, such as MPICH 4's, declares them; Open MPI 4 is MPI 3.1).
// REQUIRES: mpi4
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>

void f(double *u, MPI_Comm comm) {
  MPI_Request r;
  MPI_Bcast_init(u, 1, MPI_DOUBLE, 0, comm, MPI_INFO_NULL, &r);
  // CHECK: unsupported-mpi4.cpp:[[@LINE-1]]:3: error: 'MPI_Bcast_init' is not supported by bamboo (persistent collectives)
  MPI_Psend_init(u, 2, 1, MPI_DOUBLE, 1, 0, comm, MPI_INFO_NULL, &r);
  // CHECK: unsupported-mpi4.cpp:[[@LINE-1]]:3: error: 'MPI_Psend_init' is not supported by bamboo (partitioned communication)
}
