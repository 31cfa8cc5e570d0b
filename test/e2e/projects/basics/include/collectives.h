// collectives.h - small communication helpers of the basics program.
#ifndef BASICS_COLLECTIVES_H
#define BASICS_COLLECTIVES_H

#include <mpi.h>

int global_sum(int x);                 // MPI_Allreduce over MPI_COMM_WORLD
long exclusive_offset(long count);     // MPI_Scan: sum of count over the ranks before this one
int broadcast_from(int value, int root); // MPI_Bcast
int ring_checksum(int value);          // two ring_pass() steps, then a sum
int collectives_events();              // collectives.cpp's copy of tu_events

// Maximum of v over the ranks of comm; instantiated in main.cpp and tally.cpp.
template <class T>
T global_max(T v, MPI_Datatype type, MPI_Comm comm = MPI_COMM_WORLD) {
  T out{};
  MPI_Allreduce(&v, &out, 1, type, MPI_MAX, comm);
  return out;
}

// Sends value to the right neighbour on a periodic ring, returns the left neighbour's value.
inline int ring_pass(int value, MPI_Comm comm) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int received = -1;
  MPI_Sendrecv(&value, 1, MPI_INT, (rank + 1) % size, 7, &received, 1, MPI_INT,
               (rank + size - 1) % size, 7, comm, MPI_STATUS_IGNORE);
  return received;
}

#endif
