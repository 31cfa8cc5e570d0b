/* grid.h - one rank's block of the global grid, with one layer of ghost cells. */
#ifndef CSTENCIL_GRID_H
#define CSTENCIL_GRID_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The communicator of the solver and this rank's place in it (grid.c). */
extern MPI_Comm stencil_comm;
extern int stencil_rank, stencil_size;

typedef struct grid {
  int nx, ny;             /* global interior size */
  int prow, pcol;         /* ranks along the rows and along the columns */
  int row, col;           /* this rank's position in that process grid */
  int i0, ni, j0, nj;     /* first global row/column of the block, its size */
  int north, south, west, east; /* neighbours, MPI_PROC_NULL at an edge */
  double *u, *unew;       /* (ni + 2) x (nj + 2), row major */
} grid_t;

static inline int grid_at(const grid_t *g, int i, int j)
{
  return i * (g->nj + 2) + j;
}

void grid_setup(grid_t *g, MPI_Comm parent, int nx, int ny);
void grid_free(grid_t *g);
double grid_sweep(grid_t *g); /* one Jacobi sweep; the largest change */

#ifdef __cplusplus
}
#endif

#endif /* CSTENCIL_GRID_H */
