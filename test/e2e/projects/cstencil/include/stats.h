/* stats.h - reductions over the whole grid. */
#ifndef CSTENCIL_STATS_H
#define CSTENCIL_STATS_H

#include <stdint.h>

#include "grid.h"

/* The largest value over all ranks of the solver: exact in any order. */
static inline double stats_global_max(double local)
{
  double global = 0.0;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, stencil_comm);
  return global;
}

/* Sum of the block's interior values in units of 1e-9, an exact integer. */
int64_t stats_local_checksum(const grid_t *g);

/* The checksum of the whole grid, on rank 0 (0 elsewhere). */
int64_t stats_total_checksum(const grid_t *g);

/* Rank 0 prints how the grid is split: one line per process row. */
void stats_print_layout(const grid_t *g);

#endif /* CSTENCIL_STATS_H */
