// An OpenMP directive in a function that becomes a task is an error under
// -fopenmp: GCC compiles no OpenMP construct in a coroutine. Without -fopenmp the
// directive is ignored, as the C compiler ignores it, and the task keeps it.
// RUN: not %bamboo %s -o %t.cpp -- -fopenmp 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %bamboo --explain %s -- -fopenmp 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s --check-prefix=KEPT --input-file %t.cpp
// RUN: %check_compiles -fopenmp %t.cpp
#include <mpi.h>

double sum(const double *u, int n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  // CHECK: openmp-in-task.c:[[@LINE-1]]:1: error: 'sum' becomes a task, but a function with an OpenMP directive cannot be a coroutine
  // KEPT: #pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += u[i];
  MPI_Allreduce(MPI_IN_PLACE, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return s;
}

// A function that does not become a task keeps its OpenMP under -fopenmp.
void scale(double *u, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    u[i] *= 2;
}
