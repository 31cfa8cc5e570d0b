// The last rank calls MPI_Abort while the others wait for it: the whole job ends.
#include <bamboo/bamboo.h>

int rankMain(int, char **) {
  int Rank, Size, Value = 0;
  bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
  bamboo::mpi::Comm_size(MPI_COMM_WORLD, &Size);
  if (Rank == Size - 1)
    bamboo::mpi::Abort(MPI_COMM_WORLD, 3); // ABORT
  bamboo::mpi::Recv(&Value, 1, MPI_INT, Size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return 0;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
