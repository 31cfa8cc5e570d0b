// The last rank recurses without end: its stack's guard page stops it, and the message names
// the rank and its stack's size (BAMBOO_STACK_SIZE=256k); the other ranks are not corrupted,
// the job ends.
#include <bamboo/bamboo.h>

int depth(int N) {
  volatile char Frame[1024];
  Frame[0] = static_cast<char>(N);
  return depth(N + 1) + Frame[0]; // RECURSE
}

int rankMain(int, char **) {
  int Rank, Size, Value = 0;
  bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
  bamboo::mpi::Comm_size(MPI_COMM_WORLD, &Size);
  if (Rank == Size - 1)
    Value = depth(0);
  bamboo::mpi::Recv(&Value, 1, MPI_INT, Size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return Value;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
