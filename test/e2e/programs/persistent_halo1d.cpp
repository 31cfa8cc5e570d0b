// 1D diffusion on a ring with persistent requests: the halo exchange is set up once
// (MPI_Recv_init, MPI_Send_init) and started every step (MPI_Startall); inside the olap
// region the interior is computed while the halos travel, and the boundary after.
#include <mpi.h>
#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int left = (rank + size - 1) % size, right = (rank + 1) % size;
  const int n = 1000;
  std::vector<double> u(n + 2), v(n + 2);
  for (int i = 1; i <= n; ++i)
    u[i] = (rank * n + i) % 17;

  // u and v swap every step: one set of requests for each.
  MPI_Request requests[2][4];
  for (int k = 0; k < 2; ++k) {
    std::vector<double> &a = k == 0 ? u : v;
    MPI_Recv_init(&a[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &requests[k][0]);
    MPI_Recv_init(&a[n + 1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &requests[k][1]);
    MPI_Send_init(&a[n], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &requests[k][2]);
    MPI_Send_init(&a[1], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &requests[k][3]);
  }

  for (int step = 0; step < 40; ++step) {
    MPI_Request *mine = requests[step % 2];
    std::vector<double> &from = step % 2 == 0 ? u : v, &to = step % 2 == 0 ? v : u;
#pragma bamboo olap
    {
      MPI_Startall(4, mine);
      for (int i = 2; i < n; ++i)
        to[i] = from[i] + 0.25 * (from[i - 1] - 2 * from[i] + from[i + 1]);
      MPI_Waitall(4, mine, MPI_STATUSES_IGNORE);
    }
    to[1] = from[1] + 0.25 * (from[0] - 2 * from[1] + from[2]);
    to[n] = from[n] + 0.25 * (from[n - 1] - 2 * from[n] + from[n + 1]);
  }

  double sum = 0, edge = u[1] + u[n];
  for (int i = 1; i <= n; ++i)
    sum += u[i];
  std::printf("rank %d: sum %.9f edges %.9f\n", rank, sum, edge);
  for (auto &set : requests)
    for (MPI_Request &r : set)
      MPI_Request_free(&r);
  MPI_Finalize();
  return 0;
}
