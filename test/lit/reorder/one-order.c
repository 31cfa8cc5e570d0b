// A reordered block is written in both orders, and each rank runs one
// (docs/reorder.md); a block that cannot be written twice is written once,
// reordered, and --explain says why: a label (here after the span, which a
// declaration in the span extends to the end of the block) would be defined
// twice, a switch's case written twice. The output is the MPI build's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/reordered.c --
// RUN: FileCheck %s --check-prefix=ORDER < %t/reordered.c
// RUN: %check_compiles_c %t/reordered.c
// RUN: %bamboo --explain %s -- | FileCheck %s --check-prefix=EXPLAIN
// RUN: %bamboo_cxx %s -o %t/app
// RUN: %mpicc %s -o %t/app-mpi
// RUN: %mpiexec -n 4 %t/app-mpi | sort > %t/mpi.out
// RUN: env BAMBOO_VF=1 %mpiexec -n 4 %t/app | sort | diff %t/mpi.out -
// RUN: env BAMBOO_VF=2 %mpiexec -n 2 %t/app | sort | diff %t/mpi.out -

// ORDER-NOT:  {{bamboo_reordered_order[(]}}
// ORDER:      {{^  }}double ghost = 0, out = u[0];
// ORDER:      {{^}}#line 54
// ORDER-NEXT: {{^  }}bamboo_MPI_Irecv(&ghost,
// ORDER:      {{^}}#line 53
// ORDER-NEXT: {{^  }}double s = work(u, 64);
// ORDER:      {{^}}done:
// ORDER:      {{^  }}switch (which) {
// ORDER:      {{^}}#line 74
// ORDER-NEXT: {{^    }}s += work(u, 64);
// ORDER-NEXT: {{^}}#line 73
// ORDER-NEXT: {{^    }}bamboo_MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
// ORDER-NOT:  {{bamboo_reordered_order[(]}}

// EXPLAIN:      one-order.c:50:62: block in 'labelled', reordered:
// EXPLAIN-NEXT:   reordered for every rank: a label among its statements would be defined twice
// EXPLAIN:      one-order.c:68:18: block in 'switched', reordered:
// EXPLAIN-NEXT:   reordered for every rank: a 'case' of the switch around it would be written twice
// EXPLAIN-NOT:  reordered blocks run as written
// EXPLAIN:      may wait:

#include <mpi.h>
#include <stdio.h>

static double work(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i] * 0.5;
  return s;
}

// A label after the span, which takes the rest of the block along for the
// name it declares: written once, reordered for every rank.
static double labelled(int left, int right, const double *u) {
  double ghost = 0, out = u[0];
  MPI_Request req[2];
  double s = work(u, 64);
  MPI_Irecv(&ghost, 1, MPI_DOUBLE, left, 5, MPI_COMM_WORLD, &req[0]);
  MPI_Isend(&out, 1, MPI_DOUBLE, right, 5, MPI_COMM_WORLD, &req[1]);
  MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
  if (s < 0)
    goto done;
  s += ghost;
done:
  return s;
}

// A switch's body: its cases would be written twice.
static double switched(int which, int left, int right, const double *u) {
  double ghost = 0, out = u[1], s = 0;
  MPI_Request req[2];
  switch (which) {
  case 0:
    s = work(u, 32);
    MPI_Irecv(&ghost, 1, MPI_DOUBLE, left, 6, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(&out, 1, MPI_DOUBLE, right, 6, MPI_COMM_WORLD, &req[1]);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    s += work(u, 64);
    break;
  default:
    s = 1;
  }
  return s + ghost;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int left = (rank + size - 1) % size, right = (rank + 1) % size;
  double u[64];
  for (int i = 0; i < 64; ++i)
    u[i] = rank * 64 + i;
  printf("%d: %g %g\n", rank, labelled(left, right, u), switched(0, left, right, u));
  MPI_Finalize();
  return 0;
}
