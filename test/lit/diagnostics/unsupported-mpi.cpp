// MPI functions the runtime cannot honour are errors naming the call and the
// reason, wherever they are (in a region or not).
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>

void f(double *u, MPI_Win win, MPI_Comm comm) {
  MPI_Put(u, 1, MPI_DOUBLE, 1, 0, 1, MPI_DOUBLE, win);
  // CHECK: unsupported-mpi.cpp:[[@LINE-1]]:3: error: 'MPI_Put' is not supported by bamboo (one-sided communication)
  MPI_Win_fence(0, win);
  // CHECK: unsupported-mpi.cpp:[[@LINE-1]]:3: error: 'MPI_Win_fence' is not supported by bamboo (one-sided communication)
  MPI_File fh;
  MPI_File_open(comm, "out", MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
  // CHECK: unsupported-mpi.cpp:[[@LINE-1]]:3: error: 'MPI_File_open' is not supported by bamboo (MPI-IO)
  MPI_Comm child;
  MPI_Comm_spawn("worker", MPI_ARGV_NULL, 2, MPI_INFO_NULL, 0, comm, &child,
                 MPI_ERRCODES_IGNORE);
  // CHECK: unsupported-mpi.cpp:[[@LINE-2]]:3: error: 'MPI_Comm_spawn' is not supported by bamboo (dynamic process management)
  MPI_Request r;
  MPI_Ineighbor_allgather(u, 1, MPI_DOUBLE, u, 1, MPI_DOUBLE, comm, &r);
  // CHECK: unsupported-mpi.cpp:[[@LINE-1]]:3: error: 'MPI_Ineighbor_allgather' is not supported by bamboo (neighborhood collectives)
  MPI_Comm dup;
  MPI_Comm_idup(comm, &dup, &r);
  // CHECK: unsupported-mpi.cpp:[[@LINE-1]]:3: error: 'MPI_Comm_idup' is not supported by bamboo (a communicator operation the runtime does not provide)
  MPI_Comm graph;
  int index[1] = {0}, edges[1] = {0};
  MPI_Graph_create(comm, 1, index, edges, 0, &graph);
  // CHECK: unsupported-mpi.cpp:[[@LINE-1]]:3: error: 'MPI_Graph_create' is not supported by bamboo (graph topologies)
  PMPI_Get(u, 1, MPI_DOUBLE, 1, 0, 1, MPI_DOUBLE, win);
  // CHECK: unsupported-mpi.cpp:[[@LINE-1]]:3: error: 'PMPI_Get' is not supported by bamboo (one-sided communication)
  // Send modes are plain sends; datatypes pass through.
  MPI_Ssend(u, 1, MPI_DOUBLE, 1, 0, comm);
  MPI_Datatype t;
  MPI_Type_contiguous(2, MPI_DOUBLE, &t);
}
