// Every rank receives before it sends: the job deadlocks and must say where.
#include <bamboo/bamboo.h>

int rankMain(int, char **) {
  int Rank, Size, Value = 0;
  bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
  bamboo::mpi::Comm_size(MPI_COMM_WORLD, &Size);
  bamboo::mpi::Recv(&Value, 1, MPI_INT, (Rank + 1) % Size, 7, MPI_COMM_WORLD, // WAIT
                    MPI_STATUS_IGNORE);
  bamboo::mpi::Send(&Value, 1, MPI_INT, (Rank + Size - 1) % Size, 7, MPI_COMM_WORLD);
  return 0;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
