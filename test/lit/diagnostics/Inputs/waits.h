// A header of the user's with functions that make MPI calls.
#pragma once
#include <mpi.h>
inline void sync() { MPI_Barrier(MPI_COMM_WORLD); }
inline int rank() { int r; MPI_Comm_rank(MPI_COMM_WORLD, &r); return r; }
void exchange(int peer);
