/* For feature-test-macros.c: code before the first #include. */
static int early = 1;
#include "feature-test.h"
int counter;
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  counter += early;
  MPI_Finalize();
  return 0;
}
