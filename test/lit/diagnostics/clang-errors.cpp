// Input clang cannot parse gets clang's own errors and a non-zero exit;
// Bamboo's analysis does not run on a broken AST.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>

void f(int *x) {
#pragma bamboo olap
  {
    MPI_Recv(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    // CHECK: clang-errors.cpp:[[@LINE-1]]:5: error: no matching function for call to 'MPI_Recv'
    undeclared(x);
    // CHECK: clang-errors.cpp:[[@LINE-1]]:5: error: use of undeclared identifier 'undeclared'
  }
  MPI_Put(x);
  // CHECK: clang-errors.cpp:[[@LINE-1]]:3: error: no matching function for call to 'MPI_Put'
}
// CHECK: 3 errors generated.
