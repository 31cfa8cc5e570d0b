// A halo exchange written as a loop over neighbours, into memory from malloc,
// with the kernels in functions of their own: the loop of starts moves up
// before the work on the other array, and the wait moves down past that work
// and past its reduction (a blocking collective), to just before the ghost
// values are read. A function that prints holds what it follows. The output
// is the MPI build's, with and without reordering.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/reordered.c --
// RUN: FileCheck %s --check-prefix=ORDER < %t/reordered.c
// RUN: %bamboo --explain %s -- | FileCheck %s --check-prefix=EXPLAIN
// RUN: %bamboo_cxx %s -o %t/app
// RUN: env BAMBOO_VF=2 %mpiexec -n 2 %t/app | sort > %t/app.out
// RUN: %mpicc %s -o %t/app-mpi
// RUN: %mpiexec -n 4 %t/app-mpi | sort | diff %t/app.out -
// RUN: env BAMBOO_VF=1 %mpiexec -n 4 %t/app | sort | diff %t/app.out -
// RUN: %bamboo_cxx --no-reorder %s -o %t/app-written
// RUN: env BAMBOO_VF=4 %mpiexec -n 1 %t/app-written | sort | diff %t/app.out -

// ORDER:      {{^ *}}fill(u, 64, rank);
// ORDER-NEXT: {{^}}  {{$}}
// ORDER-NEXT: {{^ *}}#line 86
// ORDER-NEXT:   {{^ *}}for (int d = 0; d < 2; ++d) {
// ORDER-NEXT:     {{^ *}}bamboo_MPI_Irecv(&ghost[d], {{.*}} &req[nreq++]);
// ORDER-NEXT:     {{^ *}}bamboo_MPI_Isend(&u[d * 63], {{.*}} &req[nreq++]);
// ORDER-NEXT:   {{^ *}}}
// ORDER-NEXT: {{^ *}}#line 85
// ORDER-NEXT:   {{^ *}}fill(w, 64, rank + 1);
// ORDER-NEXT: {{^ *}}#line 91
// ORDER-NEXT:   {{^ *}}scale(w, 64, 0.5);
// ORDER-NEXT: {{^ *}}#line 92
// ORDER-NEXT:   {{^ *}}double tw = total(w, 64);
// ORDER-NEXT: {{^ *}}#line 90
// ORDER-NEXT:   {{^ *}}bamboo_MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
// ORDER-NEXT: {{^ *}}#line 92
// ORDER-EMPTY:
// ORDER-NEXT:   {{^ *}}u[0] += ghost[0] + ghost[1];

// EXPLAIN:      calls-and-loops.c:74:33: block in 'main', reordered:
// EXPLAIN-NEXT:   calls-and-loops.c:86:3: loop of starts moves up, before {{.*}}calls-and-loops.c:85:3
// EXPLAIN-NEXT:   calls-and-loops.c:90:3: MPI_Waitall moves down, after {{.*}}calls-and-loops.c:92:3
// EXPLAIN-NEXT:   calls-and-loops.c:86:3: loop of starts held after {{.*}}calls-and-loops.c:84:3: writes 'u', which the other reads
// EXPLAIN-NEXT:   calls-and-loops.c:90:3: MPI_Waitall held before {{.*}}calls-and-loops.c:93:3: writes 'ghost', which the other reads
// The second exchange is held by the function that prints:
// EXPLAIN-NEXT:   calls-and-loops.c:96:3: MPI_Irecv held after {{.*}}calls-and-loops.c:95:3: calls 'report', which calls 'printf', whose effects are unknown
// EXPLAIN-NEXT:   calls-and-loops.c:97:3: start of MPI_Send held after {{.*}}calls-and-loops.c:95:3: calls 'report', which calls 'printf', whose effects are unknown
// EXPLAIN-NEXT:   calls-and-loops.c:97:3: completion of MPI_Send held before {{.*}}calls-and-loops.c:99:3: calls 'report', which calls 'printf', whose effects are unknown
// EXPLAIN-NEXT:   calls-and-loops.c:98:3: MPI_Wait held before {{.*}}calls-and-loops.c:99:3: calls 'report', which calls 'printf', whose effects are unknown
// EXPLAIN-NEXT: may wait: total, main

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void fill(double *v, int n, int seed) {
  for (int i = 0; i < n; ++i)
    v[i] = seed * 100 + i;
}

static void scale(double *v, int n, double a) {
  for (int i = 0; i < n; ++i)
    v[i] *= a;
}

static double total(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i];
  MPI_Allreduce(MPI_IN_PLACE, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return s;
}

static void report(int rank, double x) { printf("rank %d: %.1f\n", rank, x); }

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int nbr[2] = {(rank + size - 1) % size, (rank + 1) % size};
  double *u = malloc(64 * sizeof(double)), *w = malloc(64 * sizeof(double));
  double *ghost = malloc(2 * sizeof(double)), last = 0;
  MPI_Request req[4];
  int nreq = 0;
  fill(u, 64, rank);
  fill(w, 64, rank + 1);
  for (int d = 0; d < 2; ++d) {
    MPI_Irecv(&ghost[d], 1, MPI_DOUBLE, nbr[d], d, MPI_COMM_WORLD, &req[nreq++]);
    MPI_Isend(&u[d * 63], 1, MPI_DOUBLE, nbr[d], 1 - d, MPI_COMM_WORLD, &req[nreq++]);
  }
  MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
  scale(w, 64, 0.5);
  double tw = total(w, 64);
  u[0] += ghost[0] + ghost[1];
  double tu = total(u, 64);
  report(rank, tu + tw);
  MPI_Irecv(&last, 1, MPI_DOUBLE, nbr[0], 2, MPI_COMM_WORLD, &req[0]);
  MPI_Send(&tu, 1, MPI_DOUBLE, nbr[1], 2, MPI_COMM_WORLD);
  MPI_Wait(&req[0], MPI_STATUS_IGNORE);
  report(rank, last + ghost[0]);
  free(u), free(w), free(ghost);
  MPI_Finalize();
  return 0;
}
