#include "kernels.h"
#include <cstdio>
struct Jacobi {
  double step() { MPI_Barrier(MPI_COMM_WORLD); return 1; }
  double residual() { return 0; }
};
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  std::vector<double> v(4, 1.0);
  Tally t;
  t.local = ++steps + Tally::created++;
  Jacobi j;
  weights[0] = dot(v, v) + global_max(2.0, MPI_DOUBLE) + run(j) + events;
  t.report();
  std::printf("%d\n", ticket());
  MPI_Finalize();
}
