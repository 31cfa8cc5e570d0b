// An exception escapes the last rank's task while the others wait for it.
#include <bamboo/bamboo.h>

#include <stdexcept>

int rankMain(int, char **) {
  int Rank, Size, Value = 0;
  bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
  bamboo::mpi::Comm_size(MPI_COMM_WORLD, &Size);
  if (Rank == Size - 1)
    throw std::runtime_error("boom");
  bamboo::mpi::Recv(&Value, 1, MPI_INT, Size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return 0;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
