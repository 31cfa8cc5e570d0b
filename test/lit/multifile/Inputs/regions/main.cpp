#include <mpi.h>
void settle(MPI_Comm comm);
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int x = 0, y = 0;
#pragma bamboo olap
  {
    MPI_Request r;
    MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    settle(MPI_COMM_WORLD);
    MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
}
