// Generic helpers: a function template whose call to an overloaded MPI helper depends on its
// parameter, as generic reductions are often written.
#include <mpi.h>
#include <cstdio>
void exchange(double &x) {
  MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}
void exchange(int &x) {
  MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
}
template <class T> T total(T x) {
  exchange(x);
  return x;
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  double d = total(1.5);
  int i = total(r);
  if (r == 0) std::printf("%g %d\n", d, i);
  MPI_Finalize();
}
