// Compiler messages about main's own line point where mpicc points: the
// translation's renaming declaration of main takes a line of its own, and
// main's line keeps its number and its columns.
// RUN: %bamboo_cxx -Wall -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
// CHECK: main-column.c:[[@LINE+2]]:39: warning: unused variable 'unused' [-Wunused-variable]
#include <mpi.h>
int main(int argc, char **argv) { int unused;
  MPI_Init(&argc, &argv);
  MPI_Finalize();
  return 0;
}
