// Bamboo rewrites MPI calls one by one: taking an MPI function's address
// would let a call escape the rewriting.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>

using SendFn = int (*)(const void *, int, MPI_Datatype, int, int, MPI_Comm);

void f(double *u) {
  SendFn send = MPI_Send;
  // CHECK: mpi-function-not-called.cpp:[[@LINE-1]]:17: error: 'MPI_Send' is used other than in a direct call; bamboo can only translate direct MPI calls
  send(u, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
  auto *barrier = &MPI_Barrier;
  // CHECK: mpi-function-not-called.cpp:[[@LINE-1]]:20: error: 'MPI_Barrier' is used other than in a direct call; bamboo can only translate direct MPI calls
  (void)barrier;
}
