// A library header (a system header: -isystem) is never rewritten, so a
// variable it declares cannot be given one instance per virtual rank when the
// user defines it. A function it declares that the user defines and that
// waits is fine: its declaration stays as written.
// RUN: not %bamboo %s -o %t.cpp -- -isystem %S/Inputs/system 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: not %bamboo --explain %s -- -isystem %S/Inputs/system 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// CHECK-DAG: library.h:4:12: error: the declaration of 'shared_counter' is written in '{{.*}}library.h', a system header; bamboo rewrites only the user's files
// CHECK-DAG: library.h:6:14: error: the declaration of 'entries' is written in '{{.*}}library.h', a system header; bamboo rewrites only the user's files
#include "library.h"
#include <mpi.h>
void exchange(int peer) {
  int x = shared_counter + Registry::entries;
  MPI_Sendrecv_replace(&x, 1, MPI_INT, peer, 0, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
int shared_counter = 0;
int Registry::entries = 0;
int main() { exchange(1); }
