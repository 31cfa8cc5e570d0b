// comm.cpp - the only file of the solver path that calls MPI: the ghost exchange.
#include "comm.h"
#include "dvec.h"

long g_local_flops = 0;

void halo_exchange(DistVector &x) {
  // Tag 0 travels to the right, tag 1 to the left. A missing neighbour leaves a zero ghost.
  double from_left = 0.0, from_right = 0.0;
  const double first = x.size() > 0 ? x[0] : 0.0;
  const double last = x.size() > 0 ? x[x.size() - 1] : 0.0;
  MPI_Request reqs[4];
#pragma bamboo olap
  {
#pragma bamboo receive
    {
      MPI_Irecv(&from_left, 1, MPI_DOUBLE, x.left(), 0, x.comm(), &reqs[0]);
      MPI_Irecv(&from_right, 1, MPI_DOUBLE, x.right(), 1, x.comm(), &reqs[1]);
    }
#pragma bamboo send
    {
      MPI_Isend(&first, 1, MPI_DOUBLE, x.left(), 1, x.comm(), &reqs[2]);
      MPI_Isend(&last, 1, MPI_DOUBLE, x.right(), 0, x.comm(), &reqs[3]);
    }
    MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
  }
  x.ghost_left() = from_left;
  x.ghost_right() = from_right;
}
