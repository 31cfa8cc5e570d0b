/* An implicit function declaration: main calls sumOverRanks and ringLeft with no declaration in
   scope (C89 declares them `int f()` at the call; gcc 12 accepts it in C99 with a warning, so
   this program is built without -Werror). Both are defined further down and wait in MPI. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size, total, left;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  total = sumOverRanks(rank + 1);
  left = ringLeft(rank * 10 + total);
  total = sumOverRanks(left * (rank + 1));
  if (rank == 0)
    printf("implicit declarations: %d ranks, total %d, rank 0's left %d\n", size, total, left);
  MPI_Finalize();
  return 0;
}

int sumOverRanks(int value) {
  int sum = 0;
  MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return sum;
}

int ringLeft(int value) {
  int rank, size, got = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Sendrecv(&value, 1, MPI_INT, (rank + 1) % size, 7, &got, 1, MPI_INT, (rank + size - 1) % size,
               7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return got;
}
