// Does not translate: the translator's diagnostic stops bamboo-cxx.
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
#pragma bamboo overlap
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
}
