// Several regions in one function; one without blocks (its receives form the
// firing rule all the same), one without any MPI call. Calls outside regions
// are not listed.
// RUN: %bamboo --explain %s -- | FileCheck %s --match-full-lines
#include <mpi.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int a = 0, b = 0;
  MPI_Request r;
#pragma bamboo olap
  {
#pragma bamboo receive
    MPI_Irecv(&a, 1, MPI_INT, rank ^ 1, 0, MPI_COMM_WORLD, &r);
#pragma bamboo send
    MPI_Send(&rank, 1, MPI_INT, rank ^ 1, 0, MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
  MPI_Barrier(MPI_COMM_WORLD);
#pragma bamboo olap
  {
    MPI_Irecv(&b, 1, MPI_INT, rank ^ 1, 1, MPI_COMM_WORLD, &r);
    MPI_Send(&a, 1, MPI_INT, rank ^ 1, 1, MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
#pragma bamboo olap
  a += b;
  MPI_Finalize();
}
// CHECK:      {{.*}}several-regions.cpp:13:1: olap region in 'main'
// CHECK-NEXT:   receive block: {{.*}}several-regions.cpp:15:1
// CHECK-NEXT:   send block: {{.*}}several-regions.cpp:17:1
// CHECK-NEXT:   sends:
// CHECK-NEXT:     {{.*}}several-regions.cpp:18:5: MPI_Send to rank ^ 1 tag 0 on MPI_COMM_WORLD
// CHECK-NEXT:   firing rule:
// CHECK-NEXT:     {{.*}}several-regions.cpp:16:5: MPI_Irecv from rank ^ 1 tag 0 on MPI_COMM_WORLD
// CHECK-NEXT:   completed at the end of the region:
// CHECK-NEXT:     {{.*}}several-regions.cpp:19:5: MPI_Wait
// CHECK-NEXT: {{.*}}several-regions.cpp:22:1: olap region in 'main'
// CHECK-NEXT:   sends:
// CHECK-NEXT:     {{.*}}several-regions.cpp:25:5: MPI_Send to rank ^ 1 tag 1 on MPI_COMM_WORLD
// CHECK-NEXT:   firing rule:
// CHECK-NEXT:     {{.*}}several-regions.cpp:24:5: MPI_Irecv from rank ^ 1 tag 1 on MPI_COMM_WORLD
// CHECK-NEXT:   completed at the end of the region:
// CHECK-NEXT:     {{.*}}several-regions.cpp:26:5: MPI_Wait
// CHECK-NEXT: {{.*}}several-regions.cpp:28:1: olap region in 'main'
// CHECK-NEXT:   sends:
// CHECK-NEXT:     none
// CHECK-NEXT:   firing rule:
// CHECK-NEXT:     none: the region completes at once
// CHECK-NEXT: may wait: main
// Whatever the translator accepts compiles.
// RUN: %bamboo %s -o %t.cpp --
// RUN: %check_compiles %t.cpp
