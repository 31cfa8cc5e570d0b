/* main.c - cstencil: Jacobi sweeps of a 5-point stencil on a 2D block decomposition.
 *
 * Every cell is updated from the same four values in the same order whatever
 * the decomposition, so the maximum changes and the fixed-point checksum that
 * rank 0 prints are the same for any number of ranks.
 */
#include <inttypes.h>
#include <stdio.h>

#include "grid.h"
#include "halo.h"
#include "params.h"
#include "stats.h"

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);

  grid_t g;
  grid_setup(&g, MPI_COMM_WORLD, GLOBAL_NX, GLOBAL_NY);
  stats_print_layout(&g);

  for (int sweep = 1; sweep <= NSWEEPS; sweep++) {
    halo_exchange(&g);
    double change = grid_sweep(&g);
    if (sweep % REPORT_EVERY == 0) {
      double max_change = stats_global_max(change);
      if (stencil_rank == 0)
        printf("sweep %d: max change %.6e\n", sweep, max_change);
    }
  }

  int64_t local = stats_local_checksum(&g);
  int64_t total = stats_total_checksum(&g);
  printf("rank %d: block (%d,%d) rows %d..%d cols %d..%d messages %ld checksum %" PRId64 "\n",
         stencil_rank, g.row, g.col, g.i0, g.i0 + g.ni - 1, g.j0, g.j0 + g.nj - 1, halo_messages,
         local);
  if (stencil_rank == 0)
    printf("cstencil: %dx%d grid, %d sweeps, checksum %" PRId64 "\n", g.nx, g.ny, NSWEEPS, total);

  halo_release();
  grid_free(&g);
  MPI_Finalize();
  return 0;
}
