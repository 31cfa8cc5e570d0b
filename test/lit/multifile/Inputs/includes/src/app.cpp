#include <proj/solver.h>
#include "local.h"
#include "proj/detail.h"
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double u[2] = {1, 2};
  solve(u, twice(1));
  MPI_Finalize();
}
