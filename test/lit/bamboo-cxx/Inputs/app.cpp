// The main source: -DFACTOR and -Iinclude must reach the translator and mpicxx.
#include "part.h"
#include <cstdio>
#include <mpi.h>
int scale(int x);
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, sum = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int mine = total(rank);
  MPI_Reduce(&mine, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("sum %d scaled %d\n", sum, scale(sum) * FACTOR);
  MPI_Finalize();
}
