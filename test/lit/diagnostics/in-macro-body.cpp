// A macro's body is edited only where every use of the macro wants the same
// edit (an MPI call's new name, a global's accessor). A blocking call in a
// macro's body used in an olap region would go through the region
// (bambooOlap.Send), which a use outside the region could not take.
// (Edits that macros allow: codegen/macros.cpp.)
// RUN: not %bamboo %s -o %t.cpp -- 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %bamboo --explain %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>
#define SYNC_THEN(x) (MPI_Barrier(MPI_COMM_WORLD), (x))
#define SEND_THEN(v, x) (MPI_Send(&(v), 1, MPI_INT, 0, 0, MPI_COMM_WORLD), (x))
int f(int x) {
  int y = SYNC_THEN(x); // a wait, but the same edit in every use: fine
#pragma bamboo olap
  y += SEND_THEN(x, 1);
  // CHECK-DAG: in-macro-body.cpp:[[@LINE-1]]:8: error: call to 'MPI_Send' is written inside the body of macro 'SEND_THEN'; bamboo cannot rewrite it there
  return y;
}
// A region around one statement ends after its `;`, which here only a macro's
// body holds.
#define END ;
void region(int *x) {
#pragma bamboo olap
  MPI_Send(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD) END
  // CHECK-DAG: in-macro-body.cpp:[[@LINE-1]]:47: error: the end of this olap region is written inside the body of macro 'END'; bamboo cannot rewrite it there
}
// A name of the C library with per-rank state (bamboo::libc) is rewritten in a
// macro's body too, but not when a macro holds only part of it.
#include <cstdlib>
#define STD std::
#define R rand
int draw() { return STD rand() + std::R(); }
// CHECK-DAG: in-macro-body.cpp:[[@LINE-1]]:21: error: use of 'rand' is written inside the body of macro 'STD'; bamboo cannot rewrite it there
// CHECK-DAG: in-macro-body.cpp:[[@LINE-2]]:34: error: use of 'rand' is written inside the body of macro 'R'; bamboo cannot rewrite it there
