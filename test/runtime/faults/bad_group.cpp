// A group that names a rank twice: a fatal error naming the rank and the call.
#include <bamboo/bamboo.h>

int rankMain(int, char **) {
  int Rank, Twice[2] = {0, 0};
  MPI_Group World, Bad;
  bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
  bamboo::mpi::Comm_group(MPI_COMM_WORLD, &World);
  if (Rank == 2)
    bamboo::mpi::Group_incl(World, 2, Twice, &Bad); // TWICE
  bamboo::mpi::Barrier(MPI_COMM_WORLD);
  return 0;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
