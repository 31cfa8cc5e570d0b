// Translates, but mpicxx -Wall -Werror rejects it: its message names this file and line.
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Barrier(MPI_COMM_WORLD);
  int unused = 1;
  MPI_Finalize();
}
