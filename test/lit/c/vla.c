// Variable-length arrays in functions that wait stay variable-length arrays, as
// written, in the translation, which is C (docs/c.md): one or two dimensions,
// several in one declaration, sizeof them, a pointer to a VLA type initialized
// with &all (no cast added), and a GNU statement expression that waits (its call
// translated in place). A rank waits on its own stack, where they live as they do
// in C. The output compiles with mpicc, and the program prints what C prints
// (mpicc, 2 ranks). VLA parameters: kept-as-written.c.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/vla.c -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t/vla.c
// RUN: %check_compiles_c %t/vla.c
// RUN: %bamboo --explain %s -- | FileCheck %s --check-prefix=EXPLAIN
// RUN: %bamboo_cxx %s -o %t/app
// RUN: env BAMBOO_VF=2 %mpiexec -n 1 %t/app | FileCheck %s --check-prefix=OUT
// CHECK:      static double local(int n) {
// CHECK-NEXT:   double plain[n];
// CHECK:      static double sum(int n) {
// CHECK-NEXT:   double all[n + 1], twice[2][n];
// CHECK:        int bytes = (int)sizeof all;
// CHECK-NEXT:   double (*whole)[n + 1] = &all;
// CHECK-NEXT:   bamboo_MPI_Allreduce(MPI_IN_PLACE, *whole, n + 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
// CHECK-NEXT:   double got = ({ double t[n]; bamboo_MPI_Allreduce(all, t, n, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD); t[n - 1]; });
// CHECK:          printf("sum %g bytes %d got %g twice %g\n", all[n], bytes, got, twice[1][n - 1] + (int)(sizeof twice / sizeof twice[0][0]) - 6 + 2);
// EXPLAIN: may wait: sum, main
// OUT: sum 4 bytes 32 got 4 twice 6
#include <mpi.h>
#include <stdio.h>
static double local(int n) {
  double plain[n];
  for (int i = 0; i < n; i++) plain[i] = i;
  return plain[n - 1];
}
static double sum(int n) {
  double all[n + 1], twice[2][n];
  for (int i = 0; i <= n; i++) all[i] = local(n) + (i == 0);
  for (int i = 0; i < n; i++) twice[1][i] = 2 * i;
  int bytes = (int)sizeof all;
  double (*whole)[n + 1] = &all;
  MPI_Allreduce(MPI_IN_PLACE, *whole, n + 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  double got = ({ double t[n]; MPI_Allreduce(all, t, n, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD); t[n - 1]; });
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    printf("sum %g bytes %d got %g twice %g\n", all[n], bytes, got, twice[1][n - 1] + (int)(sizeof twice / sizeof twice[0][0]) - 6 + 2);
  return all[n];
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double s = sum(3);
  MPI_Finalize();
  return s < 0;
}
