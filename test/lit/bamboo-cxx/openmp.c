// A hybrid MPI+OpenMP C program builds with `bamboo-cxx -fopenmp` as with
// `mpicc -fopenmp` (omp.h included, a privatized global written by the team)
// and prints the same. With one worker per process the rank's team finds the
// rank's globals (docs/runtime.md).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo_cxx -Wall -Werror -fopenmp %s -o %t/app
// RUN: env OMP_NUM_THREADS=2 BAMBOO_VF=2 %mpiexec -n 1 %t/app | sort | FileCheck %s
// CHECK:      rank 0: total 4495500.0
// CHECK-NEXT: rank 1: total 4495500.0
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
static double work[1000];
int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  double total = 0;
  for (int step = 0; step < 3; ++step) {
    double local = 0;
#pragma omp parallel for reduction(+ : local)
    for (int i = 0; i < 1000; ++i) {
      work[i] = i * (r + 1) + 0 * omp_get_num_threads();
      local += work[i];
    }
    double sum = 0;
    MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    total += sum;
  }
  printf("rank %d: total %.1f\n", r, total);
  MPI_Finalize();
  return 0;
}
