// `#pragma bamboo noreorder` keeps the written order of the block it is
// written in and of every block inside it; the pragma becomes a comment.
// RUN: %bamboo --explain %s -- | FileCheck %s
// RUN: %bamboo %s -o %t.c --
// RUN: FileCheck %s --check-prefix=CODE < %t.c
// RUN: %check_compiles_c %t.c
#include <mpi.h>

// The whole function, nested blocks too.
// CHECK: noreorder.c:[[@LINE+1]]:{{[0-9]+}}: block in 'whole' kept as written: '#pragma bamboo noreorder' at {{.*}}noreorder.c:[[@LINE+2]]:1
double whole(int peer) {
#pragma bamboo noreorder
  // CODE: {{^}}// bamboo: written order kept (#pragma bamboo noreorder)
  double ghost = 0, s = 0;
  MPI_Request r;
  for (int i = 0; i < 8; ++i)
    s += i;
  MPI_Irecv(&ghost, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  if (peer > 0) {
    // CHECK: noreorder.c:[[@LINE-1]]:{{[0-9]+}}: block in 'whole' kept as written: '#pragma bamboo noreorder' at {{.*}}noreorder.c:[[@LINE-9]]:1
    double t = 0, u = 1;
    t += 2;
    MPI_Irecv(&u, 1, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    s += t + u;
  }
  return s + ghost;
}

// Only the inner block: the function's own block is reordered.
// CHECK: noreorder.c:[[@LINE+1]]:{{[0-9]+}}: block in 'inner', reordered:
double inner(int peer) {
  double ghost = 0, s = 0;
  MPI_Request r;
  for (int i = 0; i < 8; ++i)
    s += i;
  MPI_Irecv(&ghost, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
  // CHECK-NEXT: noreorder.c:[[@LINE-1]]:3: MPI_Irecv moves up, before {{.*}}noreorder.c:[[@LINE-3]]:3
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  {
    // CHECK: noreorder.c:[[@LINE-1]]:{{[0-9]+}}: block in 'inner' kept as written: '#pragma bamboo noreorder' at {{.*}}noreorder.c:[[@LINE+1]]:1
#pragma bamboo noreorder
    double t = 0, u = 1;
    t += 2;
    MPI_Irecv(&u, 1, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    s += t + u;
  }
  return s + ghost;
}
