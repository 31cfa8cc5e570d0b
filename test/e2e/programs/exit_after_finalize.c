/* Ranks that leave with exit() after MPI_Finalize, from main and from a helper, while other
 * ranks still print (issue 10: the first exit ended the process, and the other virtual ranks'
 * output was lost). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void leave(int rank) {
  printf("rank %d leaves from a helper\n", rank);
  exit(0);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, sum = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  printf("rank %d finalized, sum %d\n", rank, sum);
  if (rank % 3 == 1)
    exit(0);
  if (rank % 3 == 2)
    leave(rank);
  printf("rank %d returns\n", rank);
  return 0;
}
