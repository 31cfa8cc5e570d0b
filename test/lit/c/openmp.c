// OpenMP directives in a function that waits translate as written (with
// -fopenmp on the command line, as the compiler gets it); the translation is C
// (docs/c.md), compiled with mpicc -fopenmp.
// RUN: %bamboo %s -o %t.c -- -fopenmp 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.c
// RUN: %check_compiles_c -fopenmp %t.c
// CHECK:      #pragma omp parallel for reduction(+ : local)
// CHECK-NEXT:   for (int i = 0; i < n; i++)
// CHECK-NEXT:     local += i;
// CHECK-NEXT:   bamboo_MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#include <mpi.h>
static double sum(int n) {
  double local = 0, total = 0;
#pragma omp parallel for reduction(+ : local)
  for (int i = 0; i < n; i++)
    local += i;
  MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return total;
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double s = sum(10);
  MPI_Finalize();
  return s < 0;
}
