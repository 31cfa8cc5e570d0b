// A block reordered inside a statement that its own block moves: the inner
// block is emitted first, and the outer move takes the reordered text along,
// each statement still under its own #line. The send after the loop starts
// before it (a start moves up past blocking communication); inside the loop
// the wait moves below the work on the other variable. The output is the MPI
// build's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/reordered.c --
// RUN: FileCheck %s --check-prefix=ORDER < %t/reordered.c
// RUN: %bamboo_cxx %s -o %t/app
// RUN: env BAMBOO_VF=2 %mpiexec -n 2 %t/app | sort > %t/app.out
// RUN: %mpicc %s -o %t/app-mpi
// RUN: %mpiexec -n 4 %t/app-mpi | sort | diff %t/app.out -
// RUN: env BAMBOO_VF=1 %mpiexec -n 4 %t/app | sort | diff %t/app.out -

// ORDER:      {{^ *}}bamboo_MPI_Irecv(&theirs, 1, MPI_DOUBLE, l, 9, MPI_COMM_WORLD, &got);
// ORDER-NEXT: {{^}}  {{$}}
// ORDER-NEXT: {{^}}#line 61
// ORDER-NEXT: {{^ *}}bamboo_MPI_Isend(&mine, 1, MPI_DOUBLE, r, 9, MPI_COMM_WORLD, &done);
// ORDER-NEXT: {{^}}#line 53
// ORDER-NEXT: {{^ *}}for (int it = 0; it < 3; ++it) {
// ORDER-NEXT: {{^}}    {{$}}
// ORDER-NEXT: {{^}}#line 55
// ORDER-NEXT: {{^ *}}bamboo_MPI_Irecv(&in, 1, MPI_DOUBLE, l, 1, MPI_COMM_WORLD, &req[0]);
// ORDER-NEXT: {{^}}#line 54
// ORDER-NEXT: {{^ *}}out = rank + it;
// ORDER-NEXT: {{^}}#line 56
// ORDER-NEXT: {{^ *}}bamboo_MPI_Isend(&out, 1, MPI_DOUBLE, r, 1, MPI_COMM_WORLD, &req[1]);
// ORDER-NEXT: {{^}}#line 58
// ORDER-NEXT: {{^ *}}other += it * 0.5;
// ORDER-NEXT: {{^}}#line 57
// ORDER-NEXT: {{^ *}}bamboo_MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
// ORDER-NEXT: {{^}}#line 58
// ORDER-EMPTY:
// ORDER-NEXT: {{^ *}}sum += in;
// ORDER-NEXT: {{^ *}}}
// ORDER-NEXT: {{^}}#line 61
// ORDER-EMPTY:
// ORDER-NEXT: {{^ *}}double s = sum + other;

#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int l = (rank + size - 1) % size, r = (rank + 1) % size;
  double in = 0, out = rank, sum = 0, other = 0, mine = 10 * rank, theirs = 0;
  MPI_Request req[2], done, got;
  MPI_Irecv(&theirs, 1, MPI_DOUBLE, l, 9, MPI_COMM_WORLD, &got);
  for (int it = 0; it < 3; ++it) {
    out = rank + it;
    MPI_Irecv(&in, 1, MPI_DOUBLE, l, 1, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(&out, 1, MPI_DOUBLE, r, 1, MPI_COMM_WORLD, &req[1]);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    other += it * 0.5;
    sum += in;
  }
  MPI_Isend(&mine, 1, MPI_DOUBLE, r, 9, MPI_COMM_WORLD, &done);
  double s = sum + other;
  MPI_Wait(&done, MPI_STATUS_IGNORE);
  MPI_Wait(&got, MPI_STATUS_IGNORE);
  printf("rank %d: %.1f %.1f\n", rank, s, theirs);
  MPI_Finalize();
  return 0;
}
