// A warning is printed once, by the compiler that builds the translation, as
// mpicc prints it: the translator's Clang does not print its own version of it
// too (in another dialect). Bamboo's own warnings are still printed.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo_cxx -Wall -c %s -o %t/w.o 2>&1 | FileCheck %s
// CHECK-NOT: using the result of an assignment as a condition
// CHECK:     warning: receive buffer 'halo' is used before the olap region completes
// CHECK-NOT: using the result of an assignment as a condition
// CHECK:     warning: suggest parentheses around assignment used as truth value [-Wparentheses]
// CHECK-NOT: warning:
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int r, halo = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  if (r = 0)
    halo = 1;
#pragma bamboo olap
  {
    MPI_Recv(&halo, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    r += halo;
  }
  MPI_Finalize();
  return r;
}
