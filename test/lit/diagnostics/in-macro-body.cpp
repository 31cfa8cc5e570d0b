// An MPI call written in a macro's body cannot be rewritten there (it may be
// expanded in code that does not wait); one in a macro's argument can. A
// return in a macro's body cannot become co_return either.
// RUN: not %bamboo %s -o %t.cpp -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>
#define SEND(x) MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD)
#define CHECKED(call) if ((call) != MPI_SUCCESS) return
void f(int x) {
  SEND(x);
  // CHECK-DAG: in-macro-body.cpp:[[@LINE-1]]:3: error: call to 'MPI_Send' is written inside the body of macro 'SEND'; bamboo cannot rewrite it there
  CHECKED(MPI_Barrier(MPI_COMM_WORLD)); // the call is the macro's argument: fine
  // CHECK-DAG: in-macro-body.cpp:[[@LINE-1]]:3: error: this return is written inside the body of macro 'CHECKED'; bamboo cannot rewrite it there
}
