// A region in a function that main calls: the region is explained in its own
// function; a region that calls a function posting receives lists them; every
// function on the way to a waiting call or a region may wait (in source order);
// one that only reaches MPI calls that never wait (rank) does not.
// RUN: %bamboo --explain %s -- | FileCheck %s --match-full-lines
#include <mpi.h>

static int rank() {
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

static void post(double *buf, MPI_Request *req) {
  MPI_Irecv(buf, 4, MPI_DOUBLE, MPI_ANY_SOURCE, 3, MPI_COMM_WORLD, req);
}

void exchange(double *buf, double *out, int peer) {
  MPI_Request req;
#pragma bamboo olap
  {
    if (peer >= 0)
      post(buf, &req);
    MPI_Send(out, 4, MPI_DOUBLE, peer, 3, MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
}

void timestep(double *buf, double *out) { exchange(buf, out, rank() ^ 1); }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double buf[4], out[4] = {1, 2, 3, 4};
  for (int i = 0; i < 10; ++i)
    timestep(buf, out);
  MPI_Finalize();
}
// CHECK:      {{.*}}region-in-called-function.cpp:20:1: olap region in 'exchange'
// CHECK-NEXT:   sends:
// CHECK-NEXT:     {{.*}}region-in-called-function.cpp:24:5: MPI_Send to peer tag 3 on MPI_COMM_WORLD
// CHECK-NEXT:   firing rule:
// CHECK-NEXT:     {{.*}}region-in-called-function.cpp:23:7: receives posted by 'post' (MPI_Irecv) if (peer >= 0)
// CHECK-NEXT:   completed at the end of the region:
// CHECK-NEXT:     {{.*}}region-in-called-function.cpp:25:5: MPI_Wait
// CHECK-NEXT: may wait: exchange, timestep, main
// Whatever the translator accepts compiles.
// RUN: %bamboo %s -o %t.cpp --
// RUN: %check_compiles %t.cpp
