// Nonblocking halo exchange with MPI_Waitall and no pragma at all, plus MPI_Test polling.
#include <mpi.h>
#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  std::vector<double> out(5000, rank), inLeft(5000), inRight(5000);
  double acc = 0;
  for (int iter = 0; iter < 10; ++iter) {
    MPI_Request reqs[4];
    MPI_Irecv(inLeft.data(), 5000, MPI_DOUBLE, left, iter, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(inRight.data(), 5000, MPI_DOUBLE, right, iter, MPI_COMM_WORLD, &reqs[1]);
    MPI_Isend(out.data(), 5000, MPI_DOUBLE, right, iter, MPI_COMM_WORLD, &reqs[2]);
    MPI_Isend(out.data(), 5000, MPI_DOUBLE, left, iter, MPI_COMM_WORLD, &reqs[3]);
    int done = 0;
    while (!done)
      MPI_Testall(2, reqs, &done, MPI_STATUSES_IGNORE);
    MPI_Waitall(2, reqs + 2, MPI_STATUSES_IGNORE);
    acc += inLeft[4999] - inRight[0];
    for (double &v : out)
      v += 1;
  }
  std::printf("rank %d acc %.1f\n", rank, acc);
  MPI_Finalize();
  return 0;
}
