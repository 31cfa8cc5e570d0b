// A second source: translated on its own (it reaches no waiting MPI call).
#include "part.h"
#include <mpi.h>
int total(int rank) {
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return rank + size - rank; // the size, through MPI
}
