#include <mpi.h>
#include <cstdio>
int main() {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::printf("%d\n", rank);
  return 0;
}
