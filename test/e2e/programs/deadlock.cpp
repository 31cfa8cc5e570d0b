// Every rank receives before it sends: deadlocks under MPI, and must be reported when
// translated, naming the waiting call's line.
#include <mpi.h>
#include <cstdio>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, value = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Recv(&value, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // WAITS
  MPI_Send(&value, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD);
  std::printf("unreachable\n");
  MPI_Finalize();
  return 0;
}
