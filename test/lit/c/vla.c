// GCC's coroutines have no variable-length arrays: in a function that becomes
// a task, one becomes storage in the task's frame that lives as long as the
// array would; sizeof it is its length when declared times its element's size.
// Where its type shows otherwise (&), it is refused.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.cpp
// RUN: %check_compiles %t.cpp
// RUN: not %bamboo %s -o %t.cpp -- -DADDRESS 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: not %bamboo --explain %s -- -DADDRESS 2>&1 | FileCheck %s --check-prefix=REFUSED
// CHECK:   double plain[n];
// CHECK:   std::size_t bambooArrayLength_all = n + 1; std::unique_ptr<double[]> bambooArray_all(new double[bambooArrayLength_all]); double *all = bambooArray_all.get(); /* bamboo: all's storage lives in the task */
// CHECK:   int bytes = (int)(bambooArrayLength_all * sizeof(double));
// REFUSED: vla.c:[[@LINE+12]]:28: error: 'sum' becomes a task, but a function with this variable-length array (one dimension, alone in its declaration, not taken by &) cannot be a coroutine
#include <mpi.h>
static double local(int n) {
  double plain[n];
  for (int i = 0; i < n; i++) plain[i] = i;
  return plain[n - 1];
}
static double sum(int n) {
  double all[n + 1];
  for (int i = 0; i <= n; i++) all[i] = local(n);
  int bytes = (int)sizeof all;
#ifdef ADDRESS
  double (*whole)[n + 1] = &all;
#endif
  MPI_Allreduce(MPI_IN_PLACE, all, n + 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return all[n] + bytes;
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double s = sum(3);
  MPI_Finalize();
  return (int)s;
}
