// In an olap region, the blocking point-to-point calls and waits written in
// its body go through the region object, which defers them to its end
// (bambooOlap.Recv, bambooOlap.Wait); a nonblocking call stays a runtime
// call (the runtime adds what it starts to the open region). A function the
// body calls, or a lambda defined in the body, runs in program order, as
// outside any region: its waits, collectives and regions complete in the
// call, so its MPI calls are plain runtime calls. (The runtime side:
// test/runtime/region_test.cpp, test/e2e/programs/region_calls.cpp.)
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.cpp
// RUN: %check_compiles %t.cpp
// RUN: %bamboo --explain %s -- | FileCheck %s --check-prefix=EXPLAIN
#include <mpi.h>

static void sendAndWait(double *b, int to) {
  MPI_Request q;
  MPI_Status s;
  MPI_Isend(b, 1, MPI_DOUBLE, to, 0, MPI_COMM_WORLD, &q);
  MPI_Wait(&q, &s);
}
// CHECK:        bamboo::mpi::Isend(b, 1, MPI_DOUBLE, to, 0, MPI_COMM_WORLD, &q);
// CHECK-NEXT:   bamboo::mpi::Wait(&q, &s);

static double norm(double x) {
  double sum;
  MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return sum;
}

static void inner(int *x) {
#pragma bamboo olap
  MPI_Recv(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
// CHECK:      { bamboo::Region bambooOlap; bambooOlap.Recv(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); bambooOlap.complete(); }

double step(double *u, int *x, int to) {
  double r = 0, in = 0;
  MPI_Request req;
#pragma bamboo olap
  {
    MPI_Irecv(&in, 1, MPI_DOUBLE, to, 1, MPI_COMM_WORLD, &req);
    MPI_Send(u, 1, MPI_DOUBLE, to, 1, MPI_COMM_WORLD);
    auto pull = [&] {
      MPI_Recv(x, 1, MPI_INT, to, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    };
    sendAndWait(u, to);
    r = norm(u[0]);
    inner(x);
    pull();
#pragma bamboo send
    { inner(x); }
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
  return r + in;
}
// CHECK:      double step(double *u, int *x, int to) {
// CHECK:        { bamboo::Region bambooOlap;
// CHECK-NEXT:     bamboo::mpi::Irecv(&in, 1, MPI_DOUBLE, to, 1, MPI_COMM_WORLD, &req);
// CHECK-NEXT:     bambooOlap.Send(u, 1, MPI_DOUBLE, to, 1, MPI_COMM_WORLD);
// CHECK-NEXT:     auto pull = [&] {
// CHECK-NEXT:       bamboo::mpi::Recv(x, 1, MPI_INT, to, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
// CHECK-NEXT:     };
// CHECK-NEXT:     sendAndWait(u, to);
// CHECK-NEXT:     r = norm(u[0]);
// CHECK-NEXT:     inner(x);
// CHECK-NEXT:     pull();
// CHECK-NEXT: // bamboo: send block
// CHECK-NEXT:     { inner(x); }
// CHECK-NEXT:     bambooOlap.Wait(&req, MPI_STATUS_IGNORE);
// CHECK-NEXT:   bambooOlap.complete(); }
// EXPLAIN:      olap-calls.cpp:39:1: olap region in 'step'
// EXPLAIN-NEXT:   send block: {{.*}}olap-calls.cpp:50:1
// EXPLAIN-NEXT:   sends:
// EXPLAIN-NEXT:     olap-calls.cpp:42:5: MPI_Send to to tag 1 on MPI_COMM_WORLD
// EXPLAIN-NEXT:     olap-calls.cpp:46:5: sends posted by 'sendAndWait' (MPI_Isend)
// EXPLAIN-NEXT:   firing rule:
// EXPLAIN-NEXT:     olap-calls.cpp:41:5: MPI_Irecv from to tag 1 on MPI_COMM_WORLD
// EXPLAIN-NEXT:   completed at the end of the region:
// EXPLAIN-NEXT:     olap-calls.cpp:52:5: MPI_Wait
// EXPLAIN-NEXT:   completed in the call (a called function runs in program order):
// EXPLAIN-NEXT:     olap-calls.cpp:46:5: 'sendAndWait' (MPI_Wait)
// EXPLAIN-NEXT:     olap-calls.cpp:47:9: 'norm' (MPI_Allreduce)
// EXPLAIN-NEXT:     olap-calls.cpp:48:5: 'inner' (an olap region)
// EXPLAIN-NEXT:     olap-calls.cpp:49:5: 'lambda at {{.*}}olap-calls.cpp:43:17' (MPI_Recv)
// EXPLAIN-NEXT:     olap-calls.cpp:51:7: 'inner' (an olap region)
