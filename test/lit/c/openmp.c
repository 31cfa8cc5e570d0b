// OpenMP directives in a function that waits translate as written (with
// -fopenmp on the command line, as the compiler gets it).
// RUN: %bamboo %s -o %t.cpp -- -fopenmp 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.cpp
// RUN: %check_compiles -fopenmp %t.cpp
// CHECK:      #pragma omp parallel for reduction(+ : local)
// CHECK-NEXT:   for (int i = 0; i < n; i++)
// CHECK-NEXT:     local += i;
// CHECK-NEXT:   bamboo::mpi::Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
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
