// 2D Jacobi on a process grid: four-way halo exchange with derived datatypes for columns,
// in an olap region whose blocks have conditions. Blocking sends of small halos first, as
// plain MPI needs them to be (they are buffered).
#include <mpi.h>
#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int dims[2] = {0, 0};
  MPI_Dims_create(size, 2, dims);
  int py = rank / dims[1], px = rank % dims[1];
  const int n = 24; // local block n x n, with a halo of one
  const int w = n + 2;
  std::vector<double> u(w * w, 0.0), v(w * w, 0.0);
  for (int i = 1; i <= n; ++i)
    for (int j = 1; j <= n; ++j)
      u[i * w + j] = ((py * n + i) * 7 + (px * n + j) * 3) % 11;
  MPI_Datatype column;
  MPI_Type_vector(n, 1, w, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);
  int north = py > 0 ? rank - dims[1] : MPI_PROC_NULL;
  int south = py < dims[0] - 1 ? rank + dims[1] : MPI_PROC_NULL;
  int west = px > 0 ? rank - 1 : -1;
  int east = px < dims[1] - 1 ? rank + 1 : -1;

  for (int step = 0; step < 20; ++step) {
#pragma bamboo olap
    {
#pragma bamboo send
      {
        MPI_Send(&u[w + 1], n, MPI_DOUBLE, north, 1, MPI_COMM_WORLD);
        MPI_Send(&u[n * w + 1], n, MPI_DOUBLE, south, 0, MPI_COMM_WORLD);
        if (west >= 0)
          MPI_Send(&u[w + 1], 1, column, west, 3, MPI_COMM_WORLD);
        if (east >= 0)
          MPI_Send(&u[w + n], 1, column, east, 2, MPI_COMM_WORLD);
      }
#pragma bamboo receive
      {
        MPI_Recv(&u[1], n, MPI_DOUBLE, north, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&u[(n + 1) * w + 1], n, MPI_DOUBLE, south, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        if (west >= 0)
          MPI_Recv(&u[w], 1, column, west, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (east >= 0)
          MPI_Recv(&u[w + n + 1], 1, column, east, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
    }
    for (int i = 1; i <= n; ++i)
      for (int j = 1; j <= n; ++j)
        v[i * w + j] = 0.25 * (u[(i - 1) * w + j] + u[(i + 1) * w + j] + u[i * w + j - 1] +
                               u[i * w + j + 1]);
    u.swap(v);
  }
  double local = 0, total = 0;
  for (int i = 1; i <= n; ++i)
    for (int j = 1; j <= n; ++j)
      local += u[i * w + j] * ((py * n + i) + 0.001 * (px * n + j));
  MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("grid %dx%d checksum %.8f\n", dims[0], dims[1], total);
  MPI_Type_free(&column);
  MPI_Finalize();
  return 0;
}
