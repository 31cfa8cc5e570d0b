// A convergence loop driven by MPI_Allreduce, with a broadcast of the parameters.
#include <mpi.h>
#include <cmath>
#include <cstdio>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double params[2] = {0, 0};
  if (rank == 0) {
    params[0] = 1e-9; // tolerance
    params[1] = 0.5;  // damping
  }
  MPI_Bcast(params, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  double x = rank + 1.0, change = 1;
  int iterations = 0;
  while (change > params[0]) {
    double next = x - params[1] * (x * x - 2.0) / (2 * x);
    double local = std::fabs(next - x);
    MPI_Allreduce(&local, &change, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    x = next;
    ++iterations;
  }
  double sum = 0;
  MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("iterations %d mean %.9f\n", iterations, sum / size);
  MPI_Finalize();
  return 0;
}
