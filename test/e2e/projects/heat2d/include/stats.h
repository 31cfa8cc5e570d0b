// stats.h - per-rank statistics and global reductions of the heat2d program.
#ifndef HEAT2D_STATS_H
#define HEAT2D_STATS_H

#include <mpi.h>

class Grid;

// Defined in stats.cpp; written by heat.cpp, read by main.cpp and stats.cpp.
extern int g_cells_updated;      // cell updates done by this rank
extern double g_block_stats[3];  // minimum, maximum and mean temperature of this rank's block

void compute_block_stats(const Grid &g); // heat.cpp
void print_layout(const Grid &g);        // stats.cpp: rank 0 prints every block

// Maximum of v over comm; instantiated in main.cpp (double) and stats.cpp (int).
template <class T>
T global_max(T v, MPI_Datatype type, MPI_Comm comm) {
  T result = v;
  MPI_Allreduce(&v, &result, 1, type, MPI_MAX, comm);
  return result;
}

#endif
