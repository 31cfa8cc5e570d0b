// Functions of a user header that make MPI calls, or that become tasks, would
// keep calling MPI itself or would not be awaited: bamboo rewrites only the
// file it translates, so it says so.
// RUN: not %bamboo %s -o %t.cpp -- -I%S/Inputs 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// CHECK-DAG: waits.h:4:13: error: 'sync' becomes a task, but it is declared in '{{.*}}waits.h', which bamboo does not rewrite
// CHECK-DAG: waits.h:5:28: error: call to 'MPI_Comm_rank' is written in '{{.*}}waits.h'; bamboo rewrites only the file it translates
// CHECK-DAG: not-in-main-file.cpp:[[@LINE+3]]:6: error: 'exchange' becomes a task, but it is declared in '{{.*}}waits.h', which bamboo does not rewrite
// CHECK-DAG: waits.h:6:6: note: declared here
#include "waits.h"
void exchange(int peer) {
  int x = rank();
  MPI_Sendrecv_replace(&x, 1, MPI_INT, peer, 0, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
int main() {
  sync();
  exchange(1);
}
