/* field.c - mixed: a 1D field with a halo exchange, in C. */
#include "shared.h"

#include <stdio.h>

double field[CELLS];
int sweeps_done = 0;

void field_init(int rank) {
  for (int i = 0; i < CELLS; ++i)
    field[i] = rank * 100 + i;
}

void field_sweep(MPI_Comm comm) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  double from_left = field[0], from_right = field[CELLS - 1];
  MPI_Request reqs[4];
  MPI_Status statuses[4]; /* not MPI_STATUSES_IGNORE: GCC 12 warns of it at -O2 */
#pragma bamboo olap
  {
#pragma bamboo receive
    {
      MPI_Irecv(&from_left, 1, MPI_DOUBLE, left, 1, comm, &reqs[0]);
      MPI_Irecv(&from_right, 1, MPI_DOUBLE, right, 2, comm, &reqs[1]);
    }
#pragma bamboo send
    {
      MPI_Isend(&field[CELLS - 1], 1, MPI_DOUBLE, right, 1, comm, &reqs[2]);
      MPI_Isend(&field[0], 1, MPI_DOUBLE, left, 2, comm, &reqs[3]);
    }
    MPI_Waitall(4, reqs, statuses);
  }
  double next[CELLS];
  for (int i = 0; i < CELLS; ++i) {
    double l = i > 0 ? field[i - 1] : from_left, r = i < CELLS - 1 ? field[i + 1] : from_right;
    next[i] = (l + 2 * field[i] + r) / 4;
  }
  for (int i = 0; i < CELLS; ++i)
    field[i] = next[i];
  ++sweeps_done;
  if (rank == verbose_rank && sweeps_done % 5 == 0)
    printf("rank %d: sweep %d, field[0] %.6f\n", rank, sweeps_done, field[0]);
}
