#include "sum.h"
#include <cstdio>
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  printf("rank %d: sum %d\n", r, global_sum(r + 1));
  MPI_Finalize();
}
