// stats.cpp - the statistics globals, and the layout of the blocks printed by rank 0.
#include "stats.h"
#include "grid.h"

#include <cstdio>
#include <vector>

int g_cells_updated = 0;
double g_block_stats[3] = {0.0, 0.0, 0.0};

void print_layout(const Grid &g) {
  const int mine[4] = {g.i0, g.ni, g.j0, g.nj};
  std::vector<int> all(g.rank == 0 ? 4 * g.size : 4);
  MPI_Gather(mine, 4, MPI_INT, all.data(), 4, MPI_INT, 0, g.comm);
  const int widest = global_max(g.nj, MPI_INT, g.comm);
  if (g.rank != 0)
    return;
  int area = 0;
  for (int r = 0; r < g.size; ++r) {
    std::printf("layout %dx%d: block %d rows %d+%d cols %d+%d\n", g.px, g.py, r, all[4 * r],
                all[4 * r + 1], all[4 * r + 2], all[4 * r + 3]);
    area += all[4 * r + 1] * all[4 * r + 3];
  }
  std::printf("layout %dx%d: %d cells of %dx%d, widest block %d\n", g.px, g.py, area, g.nx,
              g.ny, widest);
}
