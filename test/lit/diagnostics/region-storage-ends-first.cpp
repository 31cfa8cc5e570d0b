// A region finishes its receives and waits at its end: what they write then
// (a receive's buffer, a wait's request, status or index) must still exist.
// A variable declared in a nested scope of the region is gone by then; one
// declared in the region's own braces, before it, or reached through a
// pointer is not this check's business (issue 10: the runtime wrote into
// storage reused by other variables).
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %bamboo --explain %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>
#include <vector>

void loop(double *u, int n, int peer) {
#pragma bamboo olap
  {
    for (int i = 0; i < n; ++i) {
      MPI_Request r;
      MPI_Status st;
      MPI_Irecv(&u[i], 1, MPI_DOUBLE, peer, i, MPI_COMM_WORLD, &r);
      MPI_Wait(&r, &st);
      // CHECK: region-storage-ends-first.cpp:[[@LINE-1]]:16: error: 'r' goes out of scope inside the olap region, before the region completes and 'MPI_Wait' is done with it; declare it before the region
      // CHECK: region-storage-ends-first.cpp:16:19: note: declared here
      // CHECK: region-storage-ends-first.cpp:13:16: note: olap region starts here
      // CHECK: region-storage-ends-first.cpp:[[@LINE-4]]:20: error: 'st' goes out of scope inside the olap region, before the region completes and 'MPI_Wait' is done with it; declare it before the region
    }
  }
}

struct Halo {
  double left[4], right[4];
};

void buffers(int peer, bool big) {
  MPI_Request reqs[3];
#pragma bamboo olap
  {
    {
      double tmp[4];
      MPI_Irecv(tmp, 4, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &reqs[0]);
      // CHECK: region-storage-ends-first.cpp:[[@LINE-1]]:17: error: 'tmp' goes out of scope inside the olap region, before the region completes and 'MPI_Irecv' is done with it; declare it before the region
    }
    if (big) {
      std::vector<double> v(100);
      MPI_Irecv(v.data(), 100, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &reqs[1]);
      // CHECK: region-storage-ends-first.cpp:[[@LINE-1]]:17: error: 'v' goes out of scope inside the olap region, before the region completes and 'MPI_Irecv' is done with it; declare it before the region
      Halo h;
      MPI_Recv(&h.left[1], 2, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      // CHECK: region-storage-ends-first.cpp:[[@LINE-2]]:16: error: 'h' goes out of scope inside the olap region, before the region completes and 'MPI_Recv' is done with it; declare it before the region
    }
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
  }
}

// A region whose statement is not a block: everything in it ends first.
void statement(int peer, int n) {
#pragma bamboo olap
  for (int i = 0; i < n; ++i) {
    int index;
    MPI_Request r[1];
    MPI_Irecv(nullptr, 0, MPI_INT, peer, i, MPI_COMM_WORLD, &r[0]);
    MPI_Waitany(1, r, &index, MPI_STATUS_IGNORE);
    // CHECK: region-storage-ends-first.cpp:[[@LINE-1]]:20: error: 'r' goes out of scope inside the olap region, before the region completes and 'MPI_Waitany' is done with it; declare it before the region
    // CHECK: region-storage-ends-first.cpp:[[@LINE-2]]:23: error: 'index' goes out of scope inside the olap region, before the region completes and 'MPI_Waitany' is done with it; declare it before the region
  }
}

// Fine: storage that lives until the region completes, or that a pointer or
// reference reaches (the caller's), or that the call does not keep (a send's
// buffer, taken at the call; a nonblocking call's request, written at once).
void fine(double *u, std::vector<double> &w, int peer) {
  MPI_Status outer;
#pragma bamboo olap
  {
    MPI_Request r[2];
    double top[2];
    MPI_Irecv(top, 2, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r[0]);
    {
      double *p = u + 1;
      double &first = w[0];
      double out[2] = {1, 2};
      MPI_Request s;
      MPI_Irecv(p, 1, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &r[1]);
      MPI_Recv(&first, 1, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD, &outer);
      MPI_Isend(out, 2, MPI_DOUBLE, peer, 3, MPI_COMM_WORLD, &s);
      MPI_Send(out, 2, MPI_DOUBLE, peer, 4, MPI_COMM_WORLD);
    }
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  }
}
