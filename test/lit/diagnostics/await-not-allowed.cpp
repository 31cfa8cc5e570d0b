// A task cannot suspend in a catch handler or in a default argument.
// RUN: not %bamboo %s -o %t.cpp -- 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: not %bamboo --explain %s -- 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
#include <mpi.h>
#include <stdexcept>
int rank() {
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Barrier(MPI_COMM_WORLD);
  return r;
}
void work(int who = rank()) {
  // CHECK-DAG: await-not-allowed.cpp:[[@LINE-1]]:21: error: this call waits, but a task cannot wait in a default argument
  try {
    throw std::runtime_error("x");
  } catch (const std::exception &) {
    // CHECK-DAG: await-not-allowed.cpp:[[@LINE-1]]:5: note: catch handler starts here
    MPI_Barrier(MPI_COMM_WORLD);
    // CHECK-DAG: await-not-allowed.cpp:[[@LINE-1]]:5: error: this call waits, but a task cannot wait inside a catch handler
  }
  (void)who;
}
