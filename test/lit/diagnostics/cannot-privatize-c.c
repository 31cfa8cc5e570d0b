// A C static local whose initializer names a variable each rank has its own:
// a C static local has no place to run an initializer per rank before its
// first use, so it is a located error, in translation and in --explain.
// RUN: not %bamboo %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %bamboo --explain %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>
int counter;
int next(void) {
  static int *seen = &counter;
  // CHECK: cannot-privatize-c.c:[[@LINE-1]]:15: error: cannot give each virtual rank its own 'seen': a static local whose initializer names a variable of the ranks' (such as &counter) is not supported in C; initialize it in the function
  static int calls = 0; // a constant: fine
  return *seen + ++calls;
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  next();
  MPI_Finalize();
  return 0;
}
