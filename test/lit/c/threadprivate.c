// `#pragma omp threadprivate(x)` gives every thread of every team its own x.
// Here the rank's own thread has the rank's instance and every other thread of
// the rank's team its own (as for thread-locals, thread-local.c), initialized
// from x's initializer and kept from one region to the next; the pragma stays
// as a comment. The output is the MPI build's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/tp.c -- -fopenmp
// RUN: FileCheck %s --check-prefix=PRAGMA < %t/tp.c
// PRAGMA: {{^}}// bamboo: one per thread of a rank's team: #pragma omp threadprivate(
// RUN: %bamboo_cxx -Wall -Werror -fopenmp %s -o %t/app
// RUN: env OMP_NUM_THREADS=2 BAMBOO_VF=2 %mpiexec -n 1 %t/app | sort > %t/app.out
// RUN: FileCheck %s < %t/app.out
// CHECK:      rank 0 round 0 thread 0: counter 1 seed 8
// CHECK-NEXT: rank 0 round 0 thread 1: counter 1 seed 8
// CHECK-NEXT: rank 0 round 1 thread 0: counter 2 seed 9
// CHECK-NEXT: rank 0 round 1 thread 1: counter 2 seed 9
// CHECK-NEXT: rank 0: counter 2 seed 9
// CHECK-NEXT: rank 1 round 0 thread 0: counter 11 seed 8
// CHECK-NEXT: rank 1 round 0 thread 1: counter 1 seed 8
// CHECK-NEXT: rank 1 round 1 thread 0: counter 12 seed 9
// CHECK-NEXT: rank 1 round 1 thread 1: counter 2 seed 9
// CHECK-NEXT: rank 1: counter 12 seed 9
// RUN: %mpicc -fopenmp %s -o %t/app-mpi
// RUN: env OMP_NUM_THREADS=2 %mpiexec -n 2 %t/app-mpi | sort | diff %t/app.out -
// The same as C++ (a RankLocal with threadStorage):
// RUN: %bamboo_cxx -Wall -Werror -fopenmp -x c++ %s -o %t/app-cxx
// RUN: env OMP_NUM_THREADS=2 BAMBOO_VF=2 %mpiexec -n 1 %t/app-cxx | sort | diff %t/app.out -
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int counter;
static int seed = 7;
#pragma omp threadprivate(counter, seed)

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  counter = 10 * rank;
  for (int round = 0; round < 2; ++round) {
#pragma omp parallel num_threads(2)
    {
      int c = ++counter, s = ++seed;
#pragma omp critical
      printf("rank %d round %d thread %d: counter %d seed %d\n", rank, round,
             omp_get_thread_num(), c, s);
    }
  }
  printf("rank %d: counter %d seed %d\n", rank, counter, seed);
  MPI_Finalize();
  return 0;
}
