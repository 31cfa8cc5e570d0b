/* stats.c - checksums and the layout report. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "stats.h"

int64_t stats_local_checksum(const grid_t *g)
{
  int64_t sum = 0;
  for (int i = 1; i <= g->ni; i++)
    for (int j = 1; j <= g->nj; j++)
      sum += llround(g->u[grid_at(g, i, j)] * 1e9);
  return sum;
}

int64_t stats_total_checksum(const grid_t *g)
{
  int64_t local = stats_local_checksum(g), total = 0;
  MPI_Reduce(&local, &total, 1, MPI_INT64_T, MPI_SUM, 0, stencil_comm);
  return total;
}

void stats_print_layout(const grid_t *g)
{
  int mine[2] = {g->ni, g->nj};
  int *all = NULL;
  if (stencil_rank == 0)
    all = malloc(2 * (size_t)stencil_size * sizeof *all);
  MPI_Gather(mine, 2, MPI_INT, all, 2, MPI_INT, 0, stencil_comm);
  if (stencil_rank == 0) {
    printf("layout: %d x %d ranks for %d x %d cells\n", g->prow, g->pcol, g->nx, g->ny);
    for (int r = 0; r < g->prow; r++) {
      printf("  process row %d:", r);
      for (int c = 0; c < g->pcol; c++) {
        const int *b = &all[2 * (r * g->pcol + c)];
        printf(" %dx%d", b[0], b[1]);
      }
      putchar('\n');
    }
    free(all);
  }
}
