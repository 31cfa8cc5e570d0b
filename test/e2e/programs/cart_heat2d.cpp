// 2D heat equation on a Cartesian process grid, as MPI codes write it: MPI_Cart_create with
// periodic rows and walled columns, neighbours from MPI_Cart_shift (MPI_PROC_NULL at the
// walls, so the exchange needs no conditions), halos in an olap region, and row and column
// sums over the communicators MPI_Cart_sub makes.
#include <mpi.h>
#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int dims[2] = {0, 0}, periods[2] = {1, 0};
  MPI_Dims_create(size, 2, dims);
  MPI_Comm grid;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &grid);
  int rank, coords[2], topology;
  MPI_Comm_rank(grid, &rank);
  MPI_Cart_coords(grid, rank, 2, coords);
  MPI_Topo_test(grid, &topology);
  int north, south, west, east;
  MPI_Cart_shift(grid, 0, 1, &north, &south);
  MPI_Cart_shift(grid, 1, 1, &west, &east);
  int corner[2] = {coords[0] + 1, 0}, diagonal; // wraps around in the periodic dimension
  MPI_Cart_rank(grid, corner, &diagonal);
  std::printf("rank %d at (%d,%d)%s: north %d south %d west %d east %d, (%d,0) is %d\n", rank,
              coords[0], coords[1], topology == MPI_CART ? " of a grid" : "", north, south,
              west, east, corner[0] % dims[0], diagonal);

  const int n = 16, w = n + 2; // local block n x n, with a halo of one
  std::vector<double> u(w * w, 0.0), v(w * w, 0.0);
  for (int i = 1; i <= n; ++i)
    for (int j = 1; j <= n; ++j)
      u[i * w + j] = ((coords[0] * n + i) * 5 + (coords[1] * n + j) * 3) % 13;
  MPI_Datatype column;
  MPI_Type_vector(n, 1, w, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);

  for (int step = 0; step < 30; ++step) {
    // Receives first, nonblocking: a rank may be its own neighbour in a periodic dimension.
    MPI_Request requests[8];
#pragma bamboo olap
    {
#pragma bamboo receive
      {
        MPI_Irecv(&u[(n + 1) * w + 1], n, MPI_DOUBLE, south, 0, grid, &requests[0]);
        MPI_Irecv(&u[1], n, MPI_DOUBLE, north, 1, grid, &requests[1]);
        MPI_Irecv(&u[w + n + 1], 1, column, east, 2, grid, &requests[2]);
        MPI_Irecv(&u[w], 1, column, west, 3, grid, &requests[3]);
      }
#pragma bamboo send
      {
        MPI_Isend(&u[w + 1], n, MPI_DOUBLE, north, 0, grid, &requests[4]);
        MPI_Isend(&u[n * w + 1], n, MPI_DOUBLE, south, 1, grid, &requests[5]);
        MPI_Isend(&u[w + 1], 1, column, west, 2, grid, &requests[6]);
        MPI_Isend(&u[w + n], 1, column, east, 3, grid, &requests[7]);
      }
      MPI_Waitall(8, requests, MPI_STATUSES_IGNORE);
    }
    for (int i = 1; i <= n; ++i)
      for (int j = 1; j <= n; ++j)
        v[i * w + j] = u[i * w + j] + 0.2 * (u[(i - 1) * w + j] + u[(i + 1) * w + j] +
                                             u[i * w + j - 1] + u[i * w + j + 1] -
                                             4 * u[i * w + j]);
    u.swap(v);
  }

  // Row and column totals over the sub-grids; the first rank of each row and column prints.
  int keepColumns[2] = {0, 1}, keepRows[2] = {1, 0};
  MPI_Comm row, col;
  MPI_Cart_sub(grid, keepColumns, &row);
  MPI_Cart_sub(grid, keepRows, &col);
  double local = 0, rowTotal = 0, colTotal = 0;
  for (int i = 1; i <= n; ++i)
    for (int j = 1; j <= n; ++j)
      local += u[i * w + j];
  MPI_Allreduce(&local, &rowTotal, 1, MPI_DOUBLE, MPI_SUM, row);
  MPI_Reduce(&local, &colTotal, 1, MPI_DOUBLE, MPI_SUM, 0, col);
  int rowRank, colRank, rowDims, rowPeriods, rowCoords;
  MPI_Comm_rank(row, &rowRank);
  MPI_Comm_rank(col, &colRank);
  MPI_Cart_get(row, 1, &rowDims, &rowPeriods, &rowCoords);
  if (rowRank == 0)
    std::printf("row %d: %d ranks, total %.6f\n", coords[0], rowDims, rowTotal);
  if (colRank == 0)
    std::printf("column %d: total %.6f\n", coords[1], colTotal);
  double all = 0;
  MPI_Reduce(&rowTotal, &all, 1, MPI_DOUBLE, MPI_SUM, 0, col); // each row counted once
  if (rank == 0)
    std::printf("grid %dx%d: heat %.6f\n", dims[0], dims[1], all);

  MPI_Comm_free(&col);
  MPI_Comm_free(&row);
  MPI_Comm_free(&grid);
  MPI_Type_free(&column);
  MPI_Finalize();
  return 0;
}
