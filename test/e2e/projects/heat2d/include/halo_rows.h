// halo_rows.h - exchange of the contiguous north and south rows, as an inline olap region.
#ifndef HEAT2D_HALO_ROWS_H
#define HEAT2D_HALO_ROWS_H

#include "grid.h"

inline void exchange_rows(Grid &g) {
  MPI_Request reqs[2];
  double *north_ghost = &g.u[g.at(0, 1)], *south_ghost = &g.u[g.at(g.ni + 1, 1)];
  const double *first_row = &g.u[g.at(1, 1)], *last_row = &g.u[g.at(g.ni, 1)];
#pragma bamboo olap
  {
#pragma bamboo receive
    {
      MPI_Irecv(north_ghost, g.nj, MPI_DOUBLE, g.north, kSouthward, g.comm, &reqs[0]);
      MPI_Irecv(south_ghost, g.nj, MPI_DOUBLE, g.south, kNorthward, g.comm, &reqs[1]);
    }
#pragma bamboo send
    {
      if (g.north != MPI_PROC_NULL)
        MPI_Send(first_row, g.nj, MPI_DOUBLE, g.north, kNorthward, g.comm);
      if (g.south != MPI_PROC_NULL)
        MPI_Send(last_row, g.nj, MPI_DOUBLE, g.south, kSouthward, g.comm);
    }
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
  }
}

#endif
