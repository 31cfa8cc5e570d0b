// Peers, tags and communicators computed by expressions or macros print as
// written; a blocking receive and MPI_Sendrecv count as receives too.
// RUN: %bamboo --explain %s -- | FileCheck %s --match-full-lines
#include <mpi.h>

#define TAG_HALO 42
static int neighbour(int rank, int size, int d) {
  return (rank + d + size) % size;
}

void step(double *u, int rank, int size, MPI_Comm grid) {
  int up = neighbour(rank, size, -1);
  MPI_Status status;
#pragma bamboo olap
  {
#pragma bamboo receive
    {
      MPI_Recv(&u[0], 1, MPI_DOUBLE, neighbour(rank, size, +1),
               TAG_HALO + 1, grid, &status);
      MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, up, TAG_HALO, &u[2], 1, MPI_DOUBLE,
                   MPI_ANY_SOURCE, MPI_ANY_TAG, grid, &status);
    }
  }
}
// CHECK:      {{.*}}computed-peers.cpp:14:1: olap region in 'step'
// CHECK-NEXT:   receive block: {{.*}}computed-peers.cpp:16:1
// CHECK-NEXT:   sends:
// CHECK-NEXT:     {{.*}}computed-peers.cpp:20:7: MPI_Sendrecv to up tag TAG_HALO on grid
// CHECK-NEXT:   firing rule:
// CHECK-NEXT:     {{.*}}computed-peers.cpp:18:7: MPI_Recv from neighbour(rank, size, +1) tag TAG_HALO + 1 on grid
// CHECK-NEXT:     {{.*}}computed-peers.cpp:20:7: MPI_Sendrecv from MPI_ANY_SOURCE tag MPI_ANY_TAG on grid
// CHECK-NEXT: may wait: step

int main() { return 0; }
// Whatever the translator accepts compiles.
// RUN: %bamboo %s -o %t.cpp --
// RUN: %check_compiles %t.cpp
