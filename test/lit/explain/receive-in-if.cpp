// Receives guarded by conditions: each keeps its condition in source form,
// the else branch as a negated condition, ?: like an if.
// RUN: %bamboo --explain %s -- | FileCheck %s --match-full-lines
#include <mpi.h>

void halo(double *u, int n, int rank, int size) {
  MPI_Request reqs[2];
  int count = 0;
  // CHECK: {{.*}}receive-in-if.cpp:[[@LINE+1]]:1: olap region in 'halo'
#pragma bamboo olap
  {
#pragma bamboo receive
    {
      if (rank > 0)
        MPI_Irecv(&u[0], 1, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD,
                  &reqs[count++]);
      if (rank < size - 1) {
        MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, rank + 1, 1, MPI_COMM_WORLD,
                  &reqs[count++]);
      } else {
        MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD,
                  &reqs[count++]);
      }
    }
#pragma bamboo send
    {
      if (rank > 0)
        MPI_Send(&u[1], 1, MPI_DOUBLE, rank - 1, 1, MPI_COMM_WORLD);
      rank < size - 1
          ? MPI_Send(&u[n], 1, MPI_DOUBLE, rank + 1, 0, MPI_COMM_WORLD)
          : 0;
    }
    MPI_Waitall(count, reqs, MPI_STATUSES_IGNORE);
  }
}
// CHECK:      sends:
// CHECK-NEXT:   {{.*}}receive-in-if.cpp:28:9: MPI_Send to rank - 1 tag 1 on MPI_COMM_WORLD if (rank > 0)
// CHECK-NEXT:   {{.*}}receive-in-if.cpp:30:13: MPI_Send to rank + 1 tag 0 on MPI_COMM_WORLD if (rank < size - 1)
// CHECK-NEXT: firing rule:
// CHECK-NEXT:   {{.*}}receive-in-if.cpp:15:9: MPI_Irecv from rank - 1 tag 0 on MPI_COMM_WORLD if (rank > 0)
// CHECK-NEXT:   {{.*}}receive-in-if.cpp:18:9: MPI_Irecv from rank + 1 tag 1 on MPI_COMM_WORLD if (rank < size - 1)
// CHECK-NEXT:   {{.*}}receive-in-if.cpp:21:9: MPI_Irecv from 0 tag 2 on MPI_COMM_WORLD if !(rank < size - 1)
// CHECK-NEXT: completed at the end of the region:
// CHECK-NEXT:   {{.*}}receive-in-if.cpp:33:5: MPI_Waitall
// CHECK-NEXT: may wait: halo

int main(int argc, char **argv) { return 0; }
// Whatever the translator accepts compiles.
// RUN: %bamboo %s -o %t.cpp --
// RUN: %check_compiles %t.cpp
