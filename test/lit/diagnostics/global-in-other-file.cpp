// A mutable global of another user file would be shared by every virtual rank
// of a process.
// RUN: not %bamboo %s -o %t.cpp -- -I%S/Inputs 2>&1 | FileCheck %s --implicit-check-not=error:
#include "counter.h"
#include <mpi.h>
int main() {
  MPI_Comm_rank(MPI_COMM_WORLD, &counter);
  // CHECK: global-in-other-file.cpp:[[@LINE-1]]:34: error: global 'counter' is defined in '{{.*}}counter.h'; every virtual rank of a process would share it, and bamboo privatizes the globals of the translated file only
}
