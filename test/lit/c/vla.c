// GCC's coroutines have no variable-length arrays: in a function that becomes
// a task, one becomes storage in the task's frame that lives as long as the
// array would. Where its type shows (sizeof, &), it is refused.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.cpp
// RUN: %check_compiles %t.cpp
// RUN: not %bamboo %s -o %t.cpp -- -DSIZEOF 2>&1 | FileCheck %s --check-prefix=REFUSED
// CHECK:   double plain[n];
// CHECK:   std::unique_ptr<double[]> bambooArray_all(new double[n + 1]); double *all = bambooArray_all.get(); /* bamboo: all's storage lives in the task */
// REFUSED: vla.c:[[@LINE+11]]:27: error: 'sum' becomes a task, but a function with this variable-length array (one dimension, alone in its declaration, its type unused) cannot be a coroutine
#include <mpi.h>
static double local(int n) {
  double plain[n];
  for (int i = 0; i < n; i++) plain[i] = i;
  return plain[n - 1];
}
static double sum(int n) {
  double all[n + 1];
  for (int i = 0; i <= n; i++) all[i] = local(n);
#ifdef SIZEOF
  int bytes = (int)sizeof all;
#endif
  MPI_Allreduce(MPI_IN_PLACE, all, n + 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return all[n];
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double s = sum(3);
  MPI_Finalize();
  return (int)s;
}
