// The last rank dereferences a null pointer: the message names the rank, the job ends.
#include <bamboo/bamboo.h>

volatile int *Nowhere = nullptr;

int rankMain(int, char **) {
  int Rank, Size, Value = 0;
  bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
  bamboo::mpi::Comm_size(MPI_COMM_WORLD, &Size);
  if (Rank == Size - 1)
    *Nowhere = 1;
  bamboo::mpi::Recv(&Value, 1, MPI_INT, Size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return 0;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
