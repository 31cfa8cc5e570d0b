/* A C main declared before its definition, without parameters. */
#include <mpi.h>
int main(void);
int main(void) {
  MPI_Init(0, 0);
  MPI_Finalize();
}
