/* halo.c - the exchange of the ghost layer with the four neighbours. */
#include <stdio.h>
#include <stdlib.h>

#include "halo.h"
#include "params.h"

long halo_messages = 0;

/* Columns are not contiguous: they travel through packing buffers, allocated
 * on first use and grown when a larger block comes. */
static double *pack_buf = NULL;
static size_t pack_len = 0;

static double *packing_buffers(size_t n)
{
  if (n > pack_len) {
    free(pack_buf);
    pack_buf = malloc(4 * n * sizeof *pack_buf);
    if (pack_buf == NULL) {
      fprintf(stderr, "cstencil: no memory for the halo buffers\n");
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    pack_len = n;
  }
  return pack_buf;
}

void halo_exchange(grid_t *g)
{
  const int ni = g->ni, nj = g->nj;
  double *u = g->u;
  double *buf = packing_buffers((size_t)ni);
  double *west_out = buf, *east_out = buf + ni, *west_in = buf + 2 * ni, *east_in = buf + 3 * ni;

  for (int i = 1; i <= ni; i++) {
    west_out[i - 1] = u[grid_at(g, i, 1)];
    east_out[i - 1] = u[grid_at(g, i, nj)];
  }

  MPI_Request reqs[8];
  MPI_Status stats[8];
  int nreq = 0, received = 0;
#pragma bamboo olap
  {
#pragma bamboo receive
    {
      if (g->north != MPI_PROC_NULL) {
        MPI_Irecv(&u[grid_at(g, 0, 1)], nj, MPI_DOUBLE, g->north, TAG_SOUTHWARD, stencil_comm,
                  &reqs[nreq++]);
        received++;
      }
      if (g->south != MPI_PROC_NULL) {
        MPI_Irecv(&u[grid_at(g, ni + 1, 1)], nj, MPI_DOUBLE, g->south, TAG_NORTHWARD,
                  stencil_comm, &reqs[nreq++]);
        received++;
      }
      if (g->west != MPI_PROC_NULL) {
        MPI_Irecv(west_in, ni, MPI_DOUBLE, g->west, TAG_EASTWARD, stencil_comm, &reqs[nreq++]);
        received++;
      }
      if (g->east != MPI_PROC_NULL) {
        MPI_Irecv(east_in, ni, MPI_DOUBLE, g->east, TAG_WESTWARD, stencil_comm, &reqs[nreq++]);
        received++;
      }
    }
#pragma bamboo send
    {
      if (g->north != MPI_PROC_NULL)
        MPI_Isend(&u[grid_at(g, 1, 1)], nj, MPI_DOUBLE, g->north, TAG_NORTHWARD, stencil_comm,
                  &reqs[nreq++]);
      if (g->south != MPI_PROC_NULL)
        MPI_Isend(&u[grid_at(g, ni, 1)], nj, MPI_DOUBLE, g->south, TAG_SOUTHWARD, stencil_comm,
                  &reqs[nreq++]);
      if (g->west != MPI_PROC_NULL)
        MPI_Isend(west_out, ni, MPI_DOUBLE, g->west, TAG_WESTWARD, stencil_comm, &reqs[nreq++]);
      if (g->east != MPI_PROC_NULL)
        MPI_Isend(east_out, ni, MPI_DOUBLE, g->east, TAG_EASTWARD, stencil_comm, &reqs[nreq++]);
    }
    MPI_Waitall(nreq, reqs, stats);
  }

  if (g->west != MPI_PROC_NULL)
    for (int i = 1; i <= ni; i++)
      u[grid_at(g, i, 0)] = west_in[i - 1];
  if (g->east != MPI_PROC_NULL)
    for (int i = 1; i <= ni; i++)
      u[grid_at(g, i, nj + 1)] = east_in[i - 1];
  halo_messages += received;
}

void halo_release(void)
{
  free(pack_buf);
  pack_buf = NULL;
  pack_len = 0;
}
