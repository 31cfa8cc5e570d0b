// A region with a receive block and a send block: the firing rule is the one
// receive, the send is listed, the wait completes at the region's end.
// RUN: %bamboo --explain %s -- | FileCheck %s --match-full-lines
#include <mpi.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double left = 0, mine = rank;
  MPI_Request req;
  // CHECK: {{.*}}plain-receive-block.cpp:[[@LINE+1]]:1: olap region in 'main'
#pragma bamboo olap
  {
    // CHECK-NEXT: receive block: {{.*}}plain-receive-block.cpp:[[@LINE+1]]:1
#pragma bamboo receive
    {
      MPI_Irecv(&left, 1, MPI_DOUBLE, (rank + size - 1) % size, 0,
                MPI_COMM_WORLD, &req);
    }
    // CHECK-NEXT: send block: {{.*}}plain-receive-block.cpp:[[@LINE+1]]:1
#pragma bamboo send
    {
      MPI_Send(&mine, 1, MPI_DOUBLE, (rank + 1) % size, 0, MPI_COMM_WORLD);
    }
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
  // CHECK-NEXT: sends:
  // CHECK-NEXT: {{.*}}plain-receive-block.cpp:25:7: MPI_Send to (rank + 1) % size tag 0 on MPI_COMM_WORLD
  // CHECK-NEXT: firing rule:
  // CHECK-NEXT: {{.*}}plain-receive-block.cpp:19:7: MPI_Irecv from (rank + size - 1) % size tag 0 on MPI_COMM_WORLD
  // CHECK-NEXT: completed at the end of the region:
  // CHECK-NEXT: {{.*}}plain-receive-block.cpp:27:5: MPI_Wait
  // CHECK-NEXT: may wait: main
  MPI_Finalize();
  return 0;
}
// Whatever the translator accepts compiles.
// RUN: %bamboo %s -o %t.cpp --
// RUN: %check_compiles %t.cpp
