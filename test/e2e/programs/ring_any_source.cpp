// A token travels around the ring; rank 0 collects a report from every rank with
// MPI_ANY_SOURCE, in whatever order they arrive.
#include <mpi.h>
#include <cstdio>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  long token = 0;
  for (int lap = 0; lap < 3; ++lap) {
    if (rank == 0) {
      // Nonblocking, so that with one rank the send to itself cannot block the receive.
      long out = token + 1;
      MPI_Request request;
      MPI_Isend(&out, 1, MPI_LONG, (rank + 1) % size, lap, MPI_COMM_WORLD, &request);
      MPI_Recv(&token, 1, MPI_LONG, size - 1, lap, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(&token, 1, MPI_LONG, rank - 1, lap, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      token = token * 3 + rank;
      MPI_Send(&token, 1, MPI_LONG, (rank + 1) % size, lap, MPI_COMM_WORLD);
    }
  }

  if (rank == 0) {
    long sum = 0;
    for (int i = 1; i < size; ++i) {
      int value;
      MPI_Status status;
      MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &status);
      if (value != status.MPI_SOURCE * status.MPI_SOURCE)
        std::printf("wrong report from %d\n", status.MPI_SOURCE);
      sum += value;
    }
    std::printf("token %ld, sum of squares %ld\n", token, sum);
  } else {
    int value = rank * rank;
    MPI_Send(&value, 1, MPI_INT, 0, 99, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
