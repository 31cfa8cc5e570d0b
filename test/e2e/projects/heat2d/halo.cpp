// halo.cpp - ghost-cell exchange: rows in place (halo_rows.h), columns through buffers.
#include "halo.h"
#include "grid.h"
#include "halo_rows.h"

#include <vector>

void exchange_halo(Grid &g) {
  exchange_rows(g);

  // Columns are strided: pack them before the region, unpack after it.
  std::vector<double> send_west(g.ni), send_east(g.ni), recv_west(g.ni), recv_east(g.ni);
  for (int i = 1; i <= g.ni; ++i) {
    send_west[i - 1] = g.u[g.at(i, 1)];
    send_east[i - 1] = g.u[g.at(i, g.nj)];
  }
  MPI_Request reqs[4];
  int nreqs = 0;
#pragma bamboo olap
  {
#pragma bamboo receive
    {
      if (g.west != MPI_PROC_NULL)
        MPI_Irecv(recv_west.data(), g.ni, MPI_DOUBLE, g.west, kEastward, g.comm, &reqs[nreqs++]);
      if (g.east != MPI_PROC_NULL)
        MPI_Irecv(recv_east.data(), g.ni, MPI_DOUBLE, g.east, kWestward, g.comm, &reqs[nreqs++]);
    }
#pragma bamboo send
    {
      if (g.west != MPI_PROC_NULL)
        MPI_Isend(send_west.data(), g.ni, MPI_DOUBLE, g.west, kWestward, g.comm, &reqs[nreqs++]);
      if (g.east != MPI_PROC_NULL)
        MPI_Isend(send_east.data(), g.ni, MPI_DOUBLE, g.east, kEastward, g.comm, &reqs[nreqs++]);
    }
    MPI_Waitall(nreqs, reqs, MPI_STATUSES_IGNORE);
  }
  for (int i = 1; i <= g.ni; ++i) {
    if (g.west != MPI_PROC_NULL)
      g.u[g.at(i, 0)] = recv_west[i - 1];
    if (g.east != MPI_PROC_NULL)
      g.u[g.at(i, g.nj + 1)] = recv_east[i - 1];
  }
}
