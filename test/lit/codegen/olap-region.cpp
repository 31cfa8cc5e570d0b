// An olap region with a receive block under a condition and a send block: the
// region opens a bamboo::Region and completes it at its end; the pragmas
// become comments; every line keeps its number.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: grep -n . %t.cpp | FileCheck %s --check-prefix=LINES
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}double step(int rank, int size, double mine) {
// CHECK:      {{^}}// bamboo: olap region (olap-region.cpp:[[#@LINE+12]]), priority 3: its receives complete together at its end
// CHECK-NEXT: {{^}}    { bamboo::Region bambooOlap(3);
// CHECK-NEXT: {{^}}// bamboo: receive block (part of the firing rule)
// CHECK-NEXT: {{^}}      {
// CHECK-NEXT: {{^}}        if (rank > 0)
// CHECK-NEXT: {{^}}          bambooOlap.Recv(&halo, 1, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD,
// CHECK:      {{^}}// bamboo: send block
// CHECK-NEXT: {{^}}      { bambooOlap.Send(&mine, 1, MPI_DOUBLE, (rank + 1) % size, 0, MPI_COMM_WORLD); }
// CHECK-NEXT: {{^}}    bambooOlap.complete(); }
#include <mpi.h>
double step(int rank, int size, double mine) {
  double halo = 0;
#pragma bamboo olap priority(3)
    {
#pragma bamboo receive
      {
        if (rank > 0)
          MPI_Recv(&halo, 1, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD, // LINES: [[#@LINE]]:{{.*}}bambooOlap.Recv(
                   MPI_STATUS_IGNORE);
      }
#pragma bamboo send
      { MPI_Send(&mine, 1, MPI_DOUBLE, (rank + 1) % size, 0, MPI_COMM_WORLD); }
    } // LINES: [[#@LINE]]:{{ *}}bambooOlap.complete(); }
  return halo + mine; // LINES: [[#@LINE]]:{{ *}}return halo + mine;
}
