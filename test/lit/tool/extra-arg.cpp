// --extra-arg adds compiler flags, like the ones after --.
// RUN: %bamboo --extra-arg=-DPEER=3 --explain %s -- | FileCheck %s
// RUN: %bamboo --explain %s -- -DPEER=3 | FileCheck %s
#include <mpi.h>

void f(double *u) {
#pragma bamboo olap
  MPI_Recv(u, 1, MPI_DOUBLE, PEER, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
// CHECK: MPI_Recv from PEER tag 0 on MPI_COMM_WORLD
