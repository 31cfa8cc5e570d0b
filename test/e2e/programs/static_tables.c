// Static local arrays with constant initializers (C lookup tables), one per virtual rank
// (issue 10: they were refused).
#include <mpi.h>
#include <stdio.h>
static int next(int rank) {
  static int seq[] = {3, 1, 4, 1, 5};
  static const char *who[2] = {"even", "odd"};
  static int calls;
  int sum = 0;
  seq[calls % 5] += rank;
  ++calls;
  MPI_Allreduce(&seq[(calls - 1) % 5], &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  printf("rank %d (%s): call %d sum %d own %d\n", rank, who[rank % 2], calls, sum, seq[(calls - 1) % 5]);
  return sum;
}
int main(int argc, char **argv) {
  int rank, i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (i = 0; i < 7; ++i) next(rank);
  MPI_Finalize();
  return 0;
}
