// The last rank skips a barrier and waits for a message nobody sends.
#include <bamboo/bamboo.h>

int rankMain(int, char **) {
  int Rank, Size, Value = 0;
  bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
  bamboo::mpi::Comm_size(MPI_COMM_WORLD, &Size);
  if (Rank == Size - 1)
    bamboo::mpi::Recv(&Value, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, // LONELY
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  else
    bamboo::mpi::Barrier(MPI_COMM_WORLD); // BARRIER
  return 0;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
