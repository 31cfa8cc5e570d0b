// grid.cpp - block decomposition of the grid over a px x py arrangement of ranks.
#include "grid.h"

namespace {

// Items [0, total) split over parts: how many part p gets, and where they start.
int share(int total, int parts, int p) { return total / parts + (p < total % parts ? 1 : 0); }
int start(int total, int parts, int p) {
  int first = 0;
  for (int q = 0; q < p; ++q)
    first += share(total, parts, q);
  return first;
}

const double kTopTemperature = 100.0;  // the edge above row 0
const double kLeftTemperature = 40.0;  // the edge left of column 0
const double kSpotTemperature = 400.0; // the initial hot spot

} // namespace

void Grid::setup(MPI_Comm parent, int global_nx, int global_ny) {
  MPI_Comm_dup(parent, &comm);
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  nx = global_nx;
  ny = global_ny;
  px = 1;
  for (int d = 1; d * d <= size; ++d)
    if (size % d == 0)
      px = d;
  py = size / px;
  const int ri = rank / py, rj = rank % py;
  ni = share(nx, px, ri);
  i0 = start(nx, px, ri);
  nj = share(ny, py, rj);
  j0 = start(ny, py, rj);
  north = ri > 0 ? rank - py : MPI_PROC_NULL;
  south = ri < px - 1 ? rank + py : MPI_PROC_NULL;
  west = rj > 0 ? rank - 1 : MPI_PROC_NULL;
  east = rj < py - 1 ? rank + 1 : MPI_PROC_NULL;

  u.assign((ni + 2) * (nj + 2), 0.0);
  if (i0 == 0)
    for (int j = 0; j < nj + 2; ++j)
      u[at(0, j)] = kTopTemperature;
  if (j0 == 0)
    for (int i = 1; i < ni + 2; ++i)
      u[at(i, 0)] = kLeftTemperature;
  const int ci = nx / 2, cj = ny / 3;
  for (int i = 1; i <= ni; ++i)
    for (int j = 1; j <= nj; ++j) {
      const int di = i0 + i - 1 - ci, dj = j0 + j - 1 - cj;
      if (di * di + dj * dj <= 9)
        u[at(i, j)] = kSpotTemperature;
    }
  next = u;
}

void Grid::release() {
  MPI_Comm_free(&comm);
  u.clear();
  next.clear();
}
