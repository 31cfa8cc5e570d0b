// MPI in an OpenMP parallel region, as MPI_THREAD_FUNNELED allows it (the
// master thread calls it). OpenMP keeps a team's state in the thread, so a rank
// waiting there cannot give its worker to another rank: with one rank per
// worker the program prints what MPI prints; with ranks sharing a worker the
// call is a located error, every run, never a hang or a corrupted team.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo_cxx -Wall -Werror -fopenmp %s -o %t/app
// RUN: env OMP_NUM_THREADS=2 BAMBOO_VF=1 %mpiexec -n 2 %t/app | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 BAMBOO_VF=2 BAMBOO_WORKERS=2 %mpiexec -n 1 %t/app | FileCheck %s
// CHECK: total 4000.000000 sweeps 4
//
// RUN: not env OMP_NUM_THREADS=2 BAMBOO_VF=2 %mpiexec -n 1 %t/app 2>&1 | FileCheck %s --check-prefix=SHARED
// With 3 ranks on 2 workers, ranks 0 and 2 share worker 0 and rank 1 has
// worker 1 to itself: only 0 or 2 may fail.
// RUN: not env OMP_NUM_THREADS=2 BAMBOO_VF=3 BAMBOO_WORKERS=2 %mpiexec -n 1 %t/app 2>&1 | FileCheck %s --check-prefix=PARTLY --implicit-check-not="rank 1:"
// PARTLY: rank {{[02]}}: MPI_Sendrecv at openmp-wait.c:{{[0-9]+}}: a call that may wait
// SHARED: rank {{[01]}}: MPI_Sendrecv at openmp-wait.c:[[@LINE+51]]: a call that may wait, inside an OpenMP parallel region, in a rank that shares its worker thread with other ranks
//
// A call from another thread of the team is an error naming it (the rank's own
// thread makes MPI calls: MPI_THREAD_FUNNELED).
// RUN: not env OMP_NUM_THREADS=2 BAMBOO_VF=1 %mpiexec -n 1 %t/app team 2>&1 | FileCheck %s --check-prefix=TEAM
// TEAM: MPI_Barrier at openmp-wait.c:[[@LINE+19]]: called from a thread of rank 0's OpenMP team (MPI_THREAD_FUNNELED
//
// MPI's tests do not give way there either: MPI_Iprobe in a parallel region
// looks twice without switching ranks, and finds nothing.
// RUN: env OMP_NUM_THREADS=2 BAMBOO_VF=2 %mpiexec -n 1 %t/app probe | FileCheck %s --check-prefix=PROBE
// PROBE: found 0 of 2
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>
#define N 1000
int main(int argc, char **argv) {
  int provided, rank, size, sweeps = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc > 1 && strcmp(argv[1], "team") == 0) {
#pragma omp parallel num_threads(2)
    if (omp_get_thread_num() == 1)
      MPI_Barrier(MPI_COMM_WORLD);
  }
  if (argc > 1 && strcmp(argv[1], "probe") == 0) {
    int found = 0;
#pragma omp parallel
    {
#pragma omp master
      MPI_Iprobe(MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &found, MPI_STATUS_IGNORE);
    }
    int all = 0;
    MPI_Reduce(&found, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
      printf("found %d of %d\n", all, size);
    MPI_Finalize();
    return 0;
  }
  double total = 0;
  for (int it = 0; it < 2; ++it) {
    double local = 0, halo = 0;
#pragma omp parallel
    {
#pragma omp for reduction(+ : local)
      for (int i = 0; i < N; ++i)
        local += 0.5 + rank;
#pragma omp master
      {
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        MPI_Sendrecv(&local, 1, MPI_DOUBLE, right, it, &halo, 1, MPI_DOUBLE, left, it,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        ++sweeps;
      }
#pragma omp barrier
    }
    double sum = 0;
    MPI_Allreduce(&halo, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    total += sum;
  }
  int all = 0;
  MPI_Reduce(&sweeps, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("total %f sweeps %d\n", total, all);
  MPI_Finalize();
  return 0;
}
