// Messages of a size the receiver does not know: MPI_Probe, MPI_Get_count, then MPI_Recv.
#include <mpi.h>
#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank != 0) {
    std::vector<int> payload(rank * 1000 + 3, rank); // some above the eager limit
    MPI_Send(payload.data(), (int)payload.size(), MPI_INT, 0, rank % 2, MPI_COMM_WORLD);
  } else {
    long total = 0;
    for (int i = 1; i < size; ++i) {
      MPI_Status status;
      MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
      int count = 0;
      MPI_Get_count(&status, MPI_INT, &count);
      std::vector<int> buffer(count);
      MPI_Recv(buffer.data(), count, MPI_INT, status.MPI_SOURCE, status.MPI_TAG,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      total += (long)count * buffer[count - 1];
    }
    std::printf("received %ld\n", total);
  }
  MPI_Finalize();
  return 0;
}
