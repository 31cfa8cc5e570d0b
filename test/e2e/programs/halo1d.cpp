// 1D heat equation with a halo exchange in an olap region, and a helper that computes.
#include <mpi.h>
#include <cmath>
#include <cstdio>
#include <vector>

static void relax(std::vector<double> &next, const std::vector<double> &u, int n) {
  for (int i = 1; i <= n; ++i)
    next[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int n = 64;
  std::vector<double> u(n + 2, 0.0), next(n + 2, 0.0);
  for (int i = 1; i <= n; ++i)
    u[i] = std::sin(0.01 * (rank * n + i));
  int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

  for (int step = 0; step < 50; ++step) {
#pragma bamboo olap
    {
#pragma bamboo send
      {
        MPI_Send(&u[1], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD);
        MPI_Send(&u[n], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD);
      }
#pragma bamboo receive
      {
        MPI_Recv(&u[0], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&u[n + 1], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
    }
    relax(next, u, n);
    std::swap(u, next);
  }
  double local = 0, total = 0;
  for (int i = 1; i <= n; ++i)
    local += u[i] * (rank * n + i);
  MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("checksum %.10f\n", total);
  MPI_Finalize();
  return 0;
}
