// A library header (a system header: -isystem) is never rewritten, so a
// function it declares cannot become a task and a variable it declares cannot
// be given one instance per virtual rank when the user defines them.
// RUN: not %bamboo %s -o %t.cpp -- -isystem %S/Inputs/system 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: not %bamboo --explain %s -- -isystem %S/Inputs/system 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// CHECK-DAG: not-in-user-file.cpp:[[@LINE+6]]:6: error: 'exchange' becomes a task, but it is declared in '{{.*}}library.h', a system header that bamboo does not rewrite
// CHECK-DAG: library.h:3:6: note: declared here
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
