// A task called inside an olap region runs in program order, as outside any
// region (issue 10): its waits, collectives and regions of its own complete
// in the call, so the translator accepts them, awaits the call, and the
// output compiles. (The runtime side: test/runtime/region_test.cpp, and
// test/e2e/programs/region_calls.cpp runs such a program.)
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
// RUN: %bamboo --explain %s -- | FileCheck %s --check-prefix=EXPLAIN
#include <mpi.h>

static void sendAndWait(double *b, int to) {
  MPI_Request q;
  MPI_Status s;
  MPI_Isend(b, 1, MPI_DOUBLE, to, 0, MPI_COMM_WORLD, &q);
  MPI_Wait(&q, &s);
}

static double norm(double x) {
  double sum;
  MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return sum;
}

static void inner(int *x) {
#pragma bamboo olap
  MPI_Recv(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

double step(double *u, int *x, int to) {
  double r = 0;
#pragma bamboo olap
  {
    sendAndWait(u, to);
    r = norm(u[0]);
    inner(x);
#pragma bamboo send
    { inner(x); }
  }
  return r;
}
// CHECK:      {{^}}bamboo::Task<double> step(double *u, int *x, int to) {
// CHECK:      {{^}}  { bamboo::Region bambooOlap;
// CHECK-NEXT: {{^}}    co_await sendAndWait(u, to);
// CHECK-NEXT: {{^}}    r = co_await norm(u[0]);
// CHECK-NEXT: {{^}}    co_await inner(x);
// CHECK-NEXT: {{^}}// bamboo: send block
// CHECK-NEXT: {{^}}    { co_await inner(x); }
// CHECK-NEXT: {{^}}  co_await bambooOlap.complete(); }
// EXPLAIN:      olap-task-calls.cpp:32:1: olap region in 'step'
// EXPLAIN-NEXT:   send block: {{.*}}olap-task-calls.cpp:37:1
// EXPLAIN-NEXT:   sends:
// EXPLAIN-NEXT:     none
// EXPLAIN-NEXT:   firing rule:
// EXPLAIN-NEXT:     none: the region completes at once
// EXPLAIN-NEXT:   completed in the call (a called task runs in program order):
// EXPLAIN-NEXT:     olap-task-calls.cpp:34:5: 'sendAndWait' (MPI_Wait)
// EXPLAIN-NEXT:     olap-task-calls.cpp:35:9: 'norm' (MPI_Allreduce)
// EXPLAIN-NEXT:     olap-task-calls.cpp:36:5: 'inner' (an olap region)
// EXPLAIN-NEXT:     olap-task-calls.cpp:38:7: 'inner' (an olap region)
