/* A rank's OpenMP team sums a per-rank array (shared-runtime.test). */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

static int values[100];

int main(int argc, char **argv) {
  int rank, i, threads = 0;
  long sum = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (i = 0; i < 100; ++i)
    values[i] = i;
#pragma omp parallel for reduction(+ : sum)
  for (i = 0; i < 100; ++i) {
    sum += values[i];
    if (i == 0)
      threads = omp_get_num_threads();
  }
  printf("rank %d: %d threads, sum %ld\n", rank, threads, sum);
  MPI_Finalize();
  return 0;
}
