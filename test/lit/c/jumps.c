// C lets a goto or a case jump past a declaration with an initializer; C++
// does not. A scalar's declaration is split from its initialization (the two
// mean the same in C), so the usual `goto fail;` cleanup translates; arrays,
// structs and consts are refused (diagnostics/c-construct-not-carried.c).
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.cpp
// RUN: %check_compiles %t.cpp
#include <mpi.h>
#include <stdlib.h>
// CHECK:        double *a = (double *)(malloc(n * sizeof *a));
// CHECK-NEXT:   if (!a) goto fail;
// CHECK-NEXT:   double *b; b = (double *)(malloc(n * sizeof *b));
// CHECK-NEXT:   int count; count = n * 2;
// CHECK:          int twice; twice = 2 * n;
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
