/* grid.c - the block decomposition of the grid and the Jacobi sweep. */
#include <stdio.h>
#include <stdlib.h>

#include "grid.h"
#include "params.h"

MPI_Comm stencil_comm = MPI_COMM_NULL;
int stencil_rank = 0, stencil_size = 1;

/* Items [0, total) split over parts: the first item of part p and its count. */
static void split(int total, int parts, int p, int *first, int *count)
{
  int base = total / parts, extra = total % parts;
  *count = base + (p < extra);
  *first = p * base + (p < extra ? p : extra);
}

static double *alloc_block(const grid_t *g)
{
  double *a = calloc((size_t)(g->ni + 2) * (size_t)(g->nj + 2), sizeof *a);
  if (!a) {
    fprintf(stderr, "cstencil: rank %d: out of memory\n", stencil_rank);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  return a;
}

/* The fixed values of the grid's edges, in the ghost layer of the blocks on them. */
static void set_edges(const grid_t *g, double *a)
{
  if (g->north == MPI_PROC_NULL)
    for (int j = 0; j <= g->nj + 1; j++)
      a[grid_at(g, 0, j)] = TOP_VALUE;
  if (g->west == MPI_PROC_NULL)
    for (int i = 1; i <= g->ni + 1; i++)
      a[grid_at(g, i, 0)] = LEFT_VALUE;
}

void grid_setup(grid_t *g, MPI_Comm parent, int nx, int ny)
{
  MPI_Comm_dup(parent, &stencil_comm);
  MPI_Comm_rank(stencil_comm, &stencil_rank);
  MPI_Comm_size(stencil_comm, &stencil_size);

  int dims[2] = {0, 0};
  MPI_Dims_create(stencil_size, 2, dims);
  g->nx = nx;
  g->ny = ny;
  g->prow = dims[0];
  g->pcol = dims[1];
  g->row = stencil_rank / g->pcol;
  g->col = stencil_rank % g->pcol;
  split(nx, g->prow, g->row, &g->i0, &g->ni);
  split(ny, g->pcol, g->col, &g->j0, &g->nj);

  g->north = g->row > 0 ? stencil_rank - g->pcol : MPI_PROC_NULL;
  g->south = g->row < g->prow - 1 ? stencil_rank + g->pcol : MPI_PROC_NULL;
  g->west = g->col > 0 ? stencil_rank - 1 : MPI_PROC_NULL;
  g->east = g->col < g->pcol - 1 ? stencil_rank + 1 : MPI_PROC_NULL;

  g->u = alloc_block(g);
  g->unew = alloc_block(g);
  set_edges(g, g->u);
  set_edges(g, g->unew);
}

void grid_free(grid_t *g)
{
  free(g->u);
  free(g->unew);
  g->u = g->unew = NULL;
  MPI_Comm_free(&stencil_comm);
}

double grid_sweep(grid_t *g)
{
  const double *restrict u = g->u;
  double *restrict v = g->unew;
  double change = 0.0;
  for (int i = 1; i <= g->ni; i++)
    for (int j = 1; j <= g->nj; j++) {
      double x = 0.25 * (u[grid_at(g, i - 1, j)] + u[grid_at(g, i + 1, j)] +
                         u[grid_at(g, i, j - 1)] + u[grid_at(g, i, j + 1)]);
      double d = x > u[grid_at(g, i, j)] ? x - u[grid_at(g, i, j)] : u[grid_at(g, i, j)] - x;
      if (d > change)
        change = d;
      v[grid_at(g, i, j)] = x;
    }
  double *t = g->u;
  g->u = g->unew;
  g->unew = t;
  return change;
}
