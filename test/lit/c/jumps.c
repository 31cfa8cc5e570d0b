// C lets a goto or a case jump past a declaration with an initializer (into its
// scope); C++ does not. The translation is C (docs/c.md): the declarations are
// kept as written, not split from their initializations, so the usual
// `goto fail;` cleanup and a case past a declaration translate as they are
// (arrays, structs and consts too: kept-as-written.c). The output compiles with
// mpicc.
// RUN: %bamboo %s -o %t.c -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.c
// RUN: %check_compiles_c %t.c
#include <mpi.h>
#include <stdlib.h>
// CHECK:      int work(int n) {
// CHECK-NEXT:   double *a = malloc(n * sizeof *a);
// CHECK-NEXT:   if (!a) goto fail;
// CHECK-NEXT:   double *b = malloc(n * sizeof *b);
// CHECK-NEXT:   int count = n * 2;
// CHECK-NEXT:   if (!b) goto fail;
// CHECK-NEXT:   bamboo_MPI_Allreduce(MPI_IN_PLACE, &count, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
// CHECK-NEXT:   switch (count % 3) {
// CHECK-NEXT:   case 0:
// CHECK-NEXT:     count++;
// CHECK-NEXT:     int twice = 2 * n;
// CHECK-NEXT:   case 1:
// CHECK-NEXT:     twice = count;
int work(int n) {
  double *a = malloc(n * sizeof *a);
  if (!a) goto fail;
  double *b = malloc(n * sizeof *b);
  int count = n * 2;
  if (!b) goto fail;
  MPI_Allreduce(MPI_IN_PLACE, &count, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  switch (count % 3) {
  case 0:
    count++;
    int twice = 2 * n;
  case 1:
    twice = count;
    count += twice;
  }
  free(b);
  free(a);
  return count;
fail:
  free(a);
  return -1;
}
