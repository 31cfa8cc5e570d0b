// A call of a function that waits inside assert(): glibc's C assert uses its
// argument in sizeof and evaluates it. The translation is C (docs/c.md): the call
// stays as written, the function's own MPI call becomes the runtime's, and the
// output compiles with mpicc.
// RUN: %bamboo %s -o %t.c -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.c
// RUN: %check_compiles_c %t.c
#include <assert.h>
#include <mpi.h>
// CHECK:      static int all_true(int v) {
// CHECK-NEXT:   int all = 0;
// CHECK-NEXT:   bamboo_MPI_Allreduce(&v, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
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
