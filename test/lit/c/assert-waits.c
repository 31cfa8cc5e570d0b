// A call of a function that waits inside assert(): glibc's C assert uses its
// argument in sizeof and evaluates it; the call stays as written.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.cpp
// RUN: %check_compiles %t.cpp
#include <assert.h>
#include <mpi.h>
static int all_true(int v) {
  int all = 0;
  MPI_Allreduce(&v, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  return all;
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  assert(all_true(1));
  // CHECK: assert(all_true(1));
  MPI_Finalize();
  return 0;
}
