// A constant with static storage is initialized before main, when no virtual
// rank exists: an MPI call in its initializer has no rank to run for. A
// mutable global is privatized instead, and each rank initializes its own as
// it starts (codegen/globals.cpp), so its initializer may call MPI.
// RUN: not %bamboo %s -o %t.cpp -- 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %bamboo --explain %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>
const double started = MPI_Wtime();
// CHECK: mpi-before-ranks.cpp:[[@LINE-1]]:24: error: 'MPI_Wtime' is called in the initializer of 'started', a constant that is initialized before main, when no virtual rank exists yet; initialize it in main, or drop the const (each rank then initializes its own as it starts)
// CHECK-NEXT: const double started = MPI_Wtime();
// CHECK-NEXT:                        ^
double mutableStart = MPI_Wtime(); // privatized: fine
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Finalize();
  return started + mutableStart < 0;
}
