// exchange.h - neighbour exchanges of the basics program, annotated for bamboo.
#ifndef BASICS_EXCHANGE_H
#define BASICS_EXCHANGE_H

#include <mpi.h>

#include <vector>

// Periodic ring: sends mine[0..1] both ways, receives the neighbours' pairs (exchange.cpp).
void exchange_pairs(const int mine[2], int from_left[2], int from_right[2]);

// Passes (rank % 3) + 1 values to the right, returns how many came from the left (exchange.cpp).
int pass_variable(int first_value);

// exchange.cpp's copy of tu_events: one per call of exchange_pairs() and pass_variable().
int exchange_events();

// Open line of ranks: fills the ghosts of cells (cells[0], cells[n + 1]) from the neighbours.
inline void swap_ghosts(std::vector<long> &cells, int left, int right) {
  const int n = static_cast<int>(cells.size()) - 2;
  long ghost_left = cells[0], ghost_right = cells[n + 1];
  MPI_Request reqs[2];
#pragma bamboo olap
  {
#pragma bamboo receive
    {
      MPI_Irecv(&ghost_left, 1, MPI_LONG, left, 11, MPI_COMM_WORLD, &reqs[0]);
      MPI_Irecv(&ghost_right, 1, MPI_LONG, right, 12, MPI_COMM_WORLD, &reqs[1]);
    }
#pragma bamboo send
    {
      MPI_Send(&cells[1], 1, MPI_LONG, left, 12, MPI_COMM_WORLD);
      MPI_Send(&cells[n], 1, MPI_LONG, right, 11, MPI_COMM_WORLD);
    }
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
  }
  cells[0] = ghost_left;
  cells[n + 1] = ghost_right;
}

#endif
