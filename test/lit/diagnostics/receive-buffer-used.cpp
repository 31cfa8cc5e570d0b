// Using a receive buffer before the region completes reads data that has not
// arrived (a warning: the program is well defined, just not what was meant).
// Different elements of one array count as different buffers (the halo is
// received, the boundary sent); a buffer with a non-constant count and no
// index is the whole object.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
#include <mpi.h>
#include <vector>

double compute(const double *u, int n);

void f(double *u, int n, int peer, std::vector<double> &v) {
  MPI_Request r[4];
  double ghost;
#pragma bamboo olap
  {
#pragma bamboo receive
    {
      MPI_Irecv(&u[0], 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r[0]);
      MPI_Irecv(&ghost, 1, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &r[1]);
      MPI_Irecv(v.data(), int(v.size()), MPI_DOUBLE, peer, 2, MPI_COMM_WORLD,
                &r[2]);
      MPI_Irecv(u + n + 1, 2, MPI_DOUBLE, peer, 3, MPI_COMM_WORLD, &r[3]);
    }
#pragma bamboo send
    {
      MPI_Send(&u[1], 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
      MPI_Send(u + n - 1, 2, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
      MPI_Send(&u[0], 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
      MPI_Send(&ghost, 1, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD);
    }
    // Its size is no use of its data.
    int k = int(v.size()) + n;
    double s = compute(u, k);
    s += v[3];
    (void)s;
    MPI_Waitall(4, r, MPI_STATUSES_IGNORE);
  }
  // After the region the data is there.
  u[0] += ghost + v[0];
}
// CHECK:      receive-buffer-used.cpp:29:16: warning: receive buffer 'u' is used before the olap region completes
// CHECK-NEXT:       MPI_Send(&u[0], 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
// CHECK-NEXT:                ^
// CHECK-NEXT: receive-buffer-used.cpp:19:17: note: receive into 'u' posted here
// CHECK:      receive-buffer-used.cpp:30:16: warning: receive buffer 'ghost' is used before the olap region completes
// CHECK:      receive-buffer-used.cpp:20:17: note: receive into 'ghost' posted here
// CHECK:      receive-buffer-used.cpp:34:24: warning: receive buffer 'u' is used before the olap region completes
// CHECK:      receive-buffer-used.cpp:19:17: note: receive into 'u' posted here
// CHECK:      receive-buffer-used.cpp:35:10: warning: receive buffer 'v' is used before the olap region completes
// CHECK:      receive-buffer-used.cpp:21:17: note: receive into 'v' posted here
// Bamboo's warnings follow -w and -Werror as clang's do.
// RUN: %bamboo %s -o %t.cpp -- -w 2>&1 | count 0
// RUN: not %bamboo %s -o %t.cpp -- -Werror 2>&1 | FileCheck %s --check-prefix=WERROR
// WERROR: error: receive buffer 'u' is used before the olap region completes

// Moving a pointer past what was received into it is not a use of the data.
void chunks(double *p, int n, int parts, int peer) {
  MPI_Request r[8];
#pragma bamboo olap
  {
    for (int i = 0; i < parts; ++i) {
      MPI_Irecv(p, n, MPI_DOUBLE, peer, i, MPI_COMM_WORLD, &r[i]);
      p += n;
    }
    ++p;
    p = p - 1;
    MPI_Waitall(parts, r, MPI_STATUSES_IGNORE);
  }
}
// Whatever the translator accepts compiles.
// RUN: %bamboo %s -o %t.accepted.cpp -- 2> %t.warnings
// RUN: %check_compiles %t.accepted.cpp
