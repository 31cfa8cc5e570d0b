// Starting a persistent request that is still active: a fatal error, as MPI calls it erroneous.
#include <bamboo/bamboo.h>

int rankMain(int, char **) {
  int Rank, Value = 0;
  MPI_Request Request;
  bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
  bamboo::mpi::Recv_init(&Value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &Request);
  bamboo::mpi::Start(&Request);
  if (Rank == 1)
    bamboo::mpi::Start(&Request); // AGAIN
  bamboo::mpi::Barrier(MPI_COMM_WORLD);
  return 0;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
