// heat2d: explicit 2D heat equation on a grid split into blocks over the ranks, ghost cells every step.
// Exercises main->heat.cpp->halo.cpp calls, olap regions in a .cpp and an inline header, class members, externs, a template.
#include "grid.h"
#include "heat.h"
#include "stats.h"

#include <cstdio>

namespace {
const int kRows = 24, kCols = 18; // global interior grid
const int kSteps = 60, kReportEvery = 20;
} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  Grid grid;
  grid.setup(MPI_COMM_WORLD, kRows, kCols);
  print_layout(grid);

  for (int done = 0; done < kSteps; done += kReportEvery) {
    run_steps(grid, kReportEvery);
    compute_block_stats(grid);
    const long long checksum = grid.checksum();
    const double hottest = global_max(g_block_stats[1], MPI_DOUBLE, grid.comm);
    if (grid.rank == 0)
      std::printf("step %d: checksum %lld max %.6f\n", done + kReportEvery, checksum, hottest);
  }

  int updates = 0;
  MPI_Reduce(&g_cells_updated, &updates, 1, MPI_INT, MPI_SUM, 0, grid.comm);
  std::printf("rank %d: rows %d-%d cols %d-%d updates %d min %.6f max %.6f mean %.6f\n",
              grid.rank, grid.i0, grid.i0 + grid.ni - 1, grid.j0, grid.j0 + grid.nj - 1,
              g_cells_updated, g_block_stats[0], g_block_stats[1], g_block_stats[2]);
  if (grid.rank == 0)
    std::printf("total updates %d\n", updates);
  grid.release();
  MPI_Finalize();
  return 0;
}
