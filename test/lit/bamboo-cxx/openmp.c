// A hybrid MPI+OpenMP C program builds with `bamboo-cxx -fopenmp` as with
// `mpicc -fopenmp` (omp.h included, privatized globals and a static local used
// by the team, loops of several schedules) and prints the same, with one worker
// per process or several: a rank's team works for the rank (docs/runtime.md).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo_cxx -Wall -Werror -fopenmp %s -o %t/app
// RUN: env OMP_NUM_THREADS=2 BAMBOO_VF=2 %mpiexec -n 1 %t/app | sort | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 BAMBOO_VF=2 BAMBOO_WORKERS=2 %mpiexec -n 1 %t/app | sort | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 BAMBOO_VF=2 BAMBOO_WORKERS=2 %mpiexec -n 1 %t/app | sort | FileCheck %s
// CHECK:      rank 0: total 4495500.0 scaled 999000 calls 2000
// CHECK-NEXT: rank 1: total 4495500.0 scaled 1998000 calls 2000
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
static double work[1000];
int factor;

// Called by every thread of the team: a static local made on first use.
// scale(-1) is the rank's number of calls.
static int scale(int i) {
  static int calls_per_rank;
  if (i < 0)
    return calls_per_rank;
#pragma omp atomic
  calls_per_rank++;
  return i * factor;
}

static long scaled_sum(void) {
  long s = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : s)
  for (int i = 0; i < 1000; ++i)
    s += scale(i);
  return s;
}

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  factor = 2 * (r + 1);
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
  long scaled = scaled_sum();
  scaled = scaled_sum();
  printf("rank %d: total %.1f scaled %ld calls %d\n", r, total, scaled, scale(-1));
  MPI_Finalize();
  return 0;
}
