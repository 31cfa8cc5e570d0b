#include <mpi.h>
#include <stdio.h>
static int counter = 10;
int bump_b(void);
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  counter++;
  int b = bump_b();
  int rank; MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  printf("rank %d: a %d b %d\n", rank, counter, b);
  MPI_Finalize();
  return 0;
}
