// A C++ program in a .c file (built with -x c++), with a macro given on the
// command line and a receive buffer read too early, which the translator warns
// about unless -w.
#include <cstdio>
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, got = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#pragma bamboo olap
  {
    MPI_Request r;
    MPI_Irecv(&got, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, &r);
    MPI_Send(&rank, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
    if (got > 0) std::printf("early\n");
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
  std::printf("rank %d got %d factor %d\n", rank, got, FACTOR);
  MPI_Finalize();
}
