// A file that includes <mpi.h> through a header of its own.
#include "comm.h"
int main() { MPI_Barrier(MPI_COMM_WORLD); }
