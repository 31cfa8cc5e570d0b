// A halo exchange written in the blocking style, with ghost values in
// variables of their own: the receives start before the block is filled, the
// sends as soon as their values are copied, and the wait moves below the
// interior sum, which reads neither. The output is the MPI build's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/reordered.c --
// RUN: FileCheck %s --check-prefix=ORDER < %t/reordered.c
// RUN: %bamboo --explain %s -- | FileCheck %s --check-prefix=EXPLAIN
// RUN: %bamboo --no-reorder %s -o %t/written.c --
// RUN: FileCheck %s --check-prefix=WRITTEN < %t/written.c
// RUN: %bamboo_cxx %s -o %t/app
// RUN: env BAMBOO_VF=2 %mpiexec -n 2 %t/app | sort > %t/app.out
// RUN: %mpicc %s -o %t/app-mpi
// RUN: %mpiexec -n 4 %t/app-mpi | sort | diff %t/app.out -
// RUN: %bamboo_cxx --no-reorder --keep-translated %s -o %t/app-written
// RUN: FileCheck %s --check-prefix=WRITTEN < %t/bamboo-translated/straight-line.c
// RUN: env BAMBOO_VF=4 %mpiexec -n 1 %t/app-written | sort | diff %t/app.out -
// Each moved statement keeps its line (#line), and what follows the span too:
// ORDER:      {{^ *}}int l = (rank + size - 1) % size, r = (rank + 1) % size;
// ORDER:      {{^ *}}#line 76
// ORDER-NEXT:   {{^ *}}bamboo_MPI_Irecv(&left, {{.*}} &req[0]);
// ORDER-NEXT: {{^ *}}#line 77
// ORDER-NEXT:   {{^ *}}bamboo_MPI_Irecv(&right, {{.*}} &req[1]);
// ORDER-NEXT: {{^ *}}#line 72
// ORDER-NEXT:   {{^ *}}for (int i = 0; i < 64; ++i)
// ORDER-NEXT:     {{^ *}}u[i] = rank * 100 + i;
// ORDER-NEXT: {{^ *}}#line 75
// ORDER-NEXT:   {{^ *}}outRight = u[63];
// ORDER-NEXT: {{^ *}}#line 78
// ORDER-NEXT:   {{^ *}}bamboo_MPI_Isend(&outRight, {{.*}} &req[2]);
// ORDER-NEXT: {{^ *}}#line 74
// ORDER-NEXT:   {{^ *}}outLeft = u[0];
// ORDER-NEXT: {{^ *}}#line 79
// ORDER-NEXT:   {{^ *}}bamboo_MPI_Isend(&outLeft, {{.*}} &req[3]);
// ORDER-NEXT: {{^ *}}#line 81
// ORDER-NEXT:   {{^ *}}for (int i = 1; i < 63; ++i)
// ORDER-NEXT:     {{^ *}}sum += u[i];
// ORDER-NEXT: {{^ *}}#line 80
// ORDER-NEXT:   {{^ *}}bamboo_MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
// ORDER-NEXT: {{^ *}}#line 82
// ORDER-EMPTY:
// ORDER-NEXT:   {{^ *}}sum += left + right;

// EXPLAIN:      straight-line.c:64:33: block in 'main', reordered:
// EXPLAIN-NEXT:   straight-line.c:76:3: MPI_Irecv moves up, before {{.*}}straight-line.c:72:3
// EXPLAIN-NEXT:   straight-line.c:77:3: MPI_Irecv moves up, before {{.*}}straight-line.c:72:3
// EXPLAIN-NEXT:   straight-line.c:78:3: MPI_Isend moves up, before {{.*}}straight-line.c:74:3
// EXPLAIN-NEXT:   straight-line.c:80:3: MPI_Waitall moves down, after {{.*}}straight-line.c:81:3
// EXPLAIN-NEXT:   straight-line.c:76:3: MPI_Irecv held after {{.*}}straight-line.c:71:3: writes 'l', which the other reads
// EXPLAIN-NEXT:   straight-line.c:77:3: MPI_Irecv held after {{.*}}straight-line.c:71:3: writes 'r', which the other reads
// EXPLAIN-NEXT:   straight-line.c:78:3: MPI_Isend held after {{.*}}straight-line.c:75:3: writes 'outRight', which the other reads
// EXPLAIN-NEXT:   straight-line.c:79:3: MPI_Isend held after {{.*}}straight-line.c:74:3: writes 'outLeft', which the other reads
// EXPLAIN-NEXT:   straight-line.c:80:3: MPI_Waitall held before {{.*}}straight-line.c:83:3: writes 'left', which the other reads
// EXPLAIN-NEXT: may wait: main

// Written order with --no-reorder:
// WRITTEN:      {{^ *}}outRight = u[63];
// WRITTEN-NEXT:   {{^ *}}bamboo_MPI_Irecv(&left,
// WRITTEN-NOT:  {{^ *}}#line

#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double u[64], left = 0, right = 0, outLeft, outRight, sum = 0;
  MPI_Request req[4];
  int l = (rank + size - 1) % size, r = (rank + 1) % size;
  for (int i = 0; i < 64; ++i)
    u[i] = rank * 100 + i;
  outLeft = u[0];
  outRight = u[63];
  MPI_Irecv(&left, 1, MPI_DOUBLE, l, 0, MPI_COMM_WORLD, &req[0]);
  MPI_Irecv(&right, 1, MPI_DOUBLE, r, 1, MPI_COMM_WORLD, &req[1]);
  MPI_Isend(&outRight, 1, MPI_DOUBLE, r, 0, MPI_COMM_WORLD, &req[2]);
  MPI_Isend(&outLeft, 1, MPI_DOUBLE, l, 1, MPI_COMM_WORLD, &req[3]);
  MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
  for (int i = 1; i < 63; ++i)
    sum += u[i];
  sum += left + right;
  printf("rank %d: %.1f\n", rank, sum);
  MPI_Finalize();
  return 0;
}
