// An MPI function the table does not know (here from a newer MPI's header)
// is an error: bamboo cannot tell whether it waits. A user's own function
// named MPI_... in the user's code is just a function.
// RUN: not %bamboo %s -- -I %S/Inputs 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>
#include <mpi_newer.h>

static int MPI_helper(int x) { return x + 1; }

void f() {
  MPI_Frobnicate(2);
  // CHECK: unknown-mpi.cpp:[[@LINE-1]]:3: error: unknown MPI function 'MPI_Frobnicate'; bamboo cannot tell whether it waits
  MPI_helper(1);
}
