// A message longer than the receive buffer, with the default error handler: fatal, as in MPI.
#include <bamboo/bamboo.h>

int rankMain(int, char **) {
  int Rank, Size, Values[4] = {1, 2, 3, 4};
  bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
  bamboo::mpi::Comm_size(MPI_COMM_WORLD, &Size);
  if (Rank == Size - 1)
    bamboo::mpi::Send(Values, 4, MPI_INT, 0, 0, MPI_COMM_WORLD);
  if (Rank == 0)
    bamboo::mpi::Recv(Values, 2, MPI_INT, Size - 1, 0, MPI_COMM_WORLD, // TRUNCATE
                      MPI_STATUS_IGNORE);
  return 0;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
