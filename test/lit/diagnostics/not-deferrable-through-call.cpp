// A call inside a region that reaches a collective (here through two calls)
// cannot be deferred either; the notes show the way.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
#include <mpi.h>

static double norm(double x) {
  double sum;
  MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return sum;
}

static double residual(double *u) { return norm(u[0]); }

double step(double *u) {
  double r = 0;
#pragma bamboo olap
  {
    r = residual(u);
  }
  return r;
}
// CHECK:      not-deferrable-through-call.cpp:18:9: error: call to 'residual' inside an olap region reaches collective 'MPI_Allreduce'; only point-to-point operations and waits can be deferred to the end of a region
// CHECK:      not-deferrable-through-call.cpp:12:44: note: 'residual' calls 'norm' here
// CHECK:      not-deferrable-through-call.cpp:8:3: note: 'norm' calls 'MPI_Allreduce' here
// CHECK:      not-deferrable-through-call.cpp:16:16: note: olap region starts here
