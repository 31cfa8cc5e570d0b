#include <mpi.h>
void settle(MPI_Comm comm);
void post(int *y, MPI_Request *r);
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int x = 0, y = 0, z = 0;
#pragma bamboo olap
  {
    MPI_Request r[2];
    MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r[0]);
    settle(MPI_COMM_WORLD);
#pragma bamboo send
    {
      MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
      post(&z, &r[1]);
    }
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  }
  MPI_Finalize();
}
