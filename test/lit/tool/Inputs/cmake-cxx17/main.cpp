// Valid C++17 that C++20 refuses: a keyword of C++20 as a name, a u8 literal as char.
#include <cstdio>
#include <mpi.h>
static int concept = 1;
const char *Text = u8"text";
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  concept += rank;
  std::printf("rank %d: concept %d %s\n", rank, concept, Text);
  MPI_Finalize();
  return 0;
}
