// A grid query on a communicator without a grid: a fatal error naming the rank and the call,
// as MPI's MPI_ERR_TOPOLOGY would be under MPI_ERRORS_ARE_FATAL.
#include <bamboo/bamboo.h>

int rankMain(int, char **) {
  int Rank, Source, Dest;
  bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
  if (Rank == 1)
    bamboo::mpi::Cart_shift(MPI_COMM_WORLD, 0, 1, &Source, &Dest); // SHIFT
  bamboo::mpi::Barrier(MPI_COMM_WORLD);
  return 0;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
