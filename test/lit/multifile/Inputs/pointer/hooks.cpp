#include <mpi.h>
void exchange(int peer) {
  int x = 0;
  MPI_Recv(&x, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
void (*pick())(int) { return &exchange; }
