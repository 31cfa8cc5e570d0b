// grid.h - one rank's block of the global grid, with a layer of ghost cells around it.
#ifndef HEAT2D_GRID_H
#define HEAT2D_GRID_H

#include <mpi.h>

#include <cmath>
#include <vector>

enum HaloTag { kNorthward = 1, kSouthward, kWestward, kEastward };

class Grid {
public:
  int nx = 0, ny = 0;                 // global interior size (rows, columns)
  int px = 1, py = 1;                 // ranks along the rows and along the columns
  int rank = 0, size = 1;
  int i0 = 0, ni = 0, j0 = 0, nj = 0; // first global row/column of the block, its size
  int north = MPI_PROC_NULL, south = MPI_PROC_NULL;
  int west = MPI_PROC_NULL, east = MPI_PROC_NULL;
  MPI_Comm comm = MPI_COMM_NULL;
  std::vector<double> u, next;

  void setup(MPI_Comm parent, int global_nx, int global_ny); // grid.cpp
  void release();                                           // grid.cpp

  int at(int i, int j) const { return i * (nj + 2) + j; }

  // Sum of all interior temperatures in micro-degrees: an exact integer, the same for any
  // decomposition, because every cell is updated from the same values in the same order.
  long long checksum() const {
    long long local = 0;
    for (int i = 1; i <= ni; ++i)
      for (int j = 1; j <= nj; ++j)
        local += std::llround(u[at(i, j)] * 1e6);
    long long total = 0;
    MPI_Allreduce(&local, &total, 1, MPI_LONG_LONG, MPI_SUM, comm);
    return total;
  }
};

#endif
