// A threadprivate variable is one per thread of a rank's team (c/threadprivate.c),
// but OpenMP's 'copyin' and 'copyprivate' copy one thread's instance into the
// others' inside the OpenMP runtime, which cannot reach a rank's instances: a
// located error at the clause's name, in translation and in --explain.
// RUN: not %bamboo %s -o %t.c -- -fopenmp 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %bamboo --explain %s -- -fopenmp 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>
#include <stdio.h>
int counter, seed;
#pragma omp threadprivate(counter, seed)
int main(int argc, char **argv) {
  int total = 0;
  MPI_Init(&argc, &argv);
  counter = 5;
#pragma omp parallel copyin(counter) reduction(+ : total)
  // CHECK: threadprivate.c:[[@LINE-1]]:29: error: cannot give each virtual rank its own 'counter': an OpenMP 'copyin' or 'copyprivate' clause copies it between the threads of a team, which is not supported for a variable of every rank
  {
    total += ++counter;
#pragma omp single copyprivate(seed)
    // CHECK: threadprivate.c:[[@LINE-1]]:32: error: cannot give each virtual rank its own 'seed': an OpenMP 'copyin' or 'copyprivate'
    seed = 3;
    // copyprivate of a private local is OpenMP's business alone: no error.
    int mine = 0;
#pragma omp single copyprivate(mine)
    mine = 4;
    total += mine;
  }
  printf("%d\n", total);
  MPI_Finalize();
  return 0;
}
