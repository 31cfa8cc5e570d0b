// A macro's body is edited only where every use of the macro wants the same
// edit (an MPI call's new name, a global's accessor). A call that waits inside
// a body, not the whole of it, would need co_await there, which a use in code
// that does not wait could not take; a return in a body cannot become
// co_return either. (Edits that macros allow: codegen/macros.cpp.)
// RUN: not %bamboo %s -o %t.cpp -- 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %bamboo --explain %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>
#define SYNC_THEN(x) (MPI_Barrier(MPI_COMM_WORLD), (x))
#define CHECKED(call) if ((call) != MPI_SUCCESS) return
int f(int x) {
  int y = SYNC_THEN(x);
  // CHECK-DAG: in-macro-body.cpp:[[@LINE-1]]:11: error: call to 'MPI_Barrier' is written inside the body of macro 'SYNC_THEN'; bamboo cannot rewrite it there
  CHECKED(MPI_Barrier(MPI_COMM_WORLD)) y; // the call is the macro's argument: fine
  // CHECK-DAG: in-macro-body.cpp:[[@LINE-1]]:3: error: this return is written inside the body of macro 'CHECKED'; bamboo cannot rewrite it there
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
