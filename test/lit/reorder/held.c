// What holds a transfer where it is written, as --explain reports it, and
// blocks that stay as written. The translation compiles.
// RUN: %bamboo --explain %s -- | FileCheck %s
// RUN: %bamboo %s -o %t.c --
// RUN: %check_compiles_c %t.c
#include <mpi.h>

void compute(double *u, int n);

// CHECK: held.c:[[@LINE+1]]:{{[0-9]+}}: block in 'unknownCall', order kept:
void unknownCall(double *u, double *ghost, int peer) {
  MPI_Request r;
  compute(u, 64);
  MPI_Irecv(ghost, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
  // CHECK: held.c:[[@LINE-1]]:3: MPI_Irecv held after {{.*}}held.c:[[@LINE-2]]:3: calls 'compute', whose effects are unknown
  MPI_Wait(&r, MPI_STATUS_IGNORE);
}

// Two sends that may match the same message keep MPI's order.
// CHECK: held.c:[[@LINE+1]]:{{[0-9]+}}: block in 'sameTag', order kept:
void sameTag(int peer) {
  double a, b = 2;
  MPI_Request r[2];
  a = b * 3;
  MPI_Isend(&a, 1, MPI_DOUBLE, peer, 7, MPI_COMM_WORLD, &r[0]);
  // CHECK-NEXT: held.c:[[@LINE-1]]:3: MPI_Isend held after {{.*}}held.c:[[@LINE-2]]:3: writes 'a', which the other reads
  MPI_Isend(&b, 1, MPI_DOUBLE, peer, 7, MPI_COMM_WORLD, &r[1]);
  // CHECK-NEXT: held.c:[[@LINE-1]]:3: MPI_Isend held after {{.*}}held.c:[[@LINE-3]]:3: may match the same message (MPI's order)
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
}

// A wildcard receive may match what the other one would: written order.
// CHECK: held.c:[[@LINE+1]]:{{[0-9]+}}: block in 'wildcard', order kept:
void wildcard(double z) {
  double x[1], y[1];
  MPI_Request r[2];
  x[0] = z;
  MPI_Irecv(x, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &r[0]);
  MPI_Irecv(y, 1, MPI_DOUBLE, 0, 5, MPI_COMM_WORLD, &r[1]);
  // CHECK: held.c:[[@LINE-1]]:3: MPI_Irecv held after {{.*}}held.c:[[@LINE-2]]:3: may match the same message (MPI's order)
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
}

// A case label is where control enters: nothing moves across it.
int cases(int k, int peer) {
  MPI_Request r;
  double t = 3;
  int n = 0;
  switch (k) {
  // CHECK: held.c:[[@LINE-1]]:{{[0-9]+}}: block in 'cases', order kept:
  case 0:
    n = 2;
  case 1:
    n = 1;
    MPI_Isend(&t, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
    // CHECK-NEXT: held.c:[[@LINE-1]]:5: MPI_Isend held after {{.*}}held.c:[[@LINE-3]]:3: is a case label of the enclosing switch
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
  return n;
}

// A directive among the statements belongs to its place.
// CHECK: held.c:[[@LINE+1]]:{{[0-9]+}}: block in 'directive' kept as written: a preprocessor line is among its statements
void directive(double *ghost, int peer) {
  MPI_Request r;
  double s = 0;
  for (int i = 0; i < 8; ++i)
    s += i;
#ifdef EXTRA
  s *= 2;
#endif
  MPI_Irecv(ghost, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  *ghost += s;
}

// A statement whose `;` a macro supplies cannot be moved as text.
#define END ;
// CHECK: held.c:[[@LINE+1]]:{{[0-9]+}}: block in 'macroSemicolon' kept as written: a statement of it ends with a macro
void macroSemicolon(double *ghost, int peer) {
  MPI_Request r;
  double s = 0;
  s += 1 END
  MPI_Irecv(ghost, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  *ghost += s;
}

// The last statement of a statement expression is its value: its block is
// not reordered (the wait would come last), the blocks inside it may be.
// CHECK-NOT: block in 'valued'
double valued(double *ghost, int peer) {
  MPI_Request r;
  double s = 2;
  return ({
    MPI_Irecv(ghost, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    s * 3;
  });
}
// CHECK: may wait:
