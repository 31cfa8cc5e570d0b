// Receives in loops keep the loop header; nested guards print outside in.
// RUN: %bamboo --explain %s -- | FileCheck %s --match-full-lines
#include <mpi.h>
#include <vector>

void gather(std::vector<double> &in, int rank, int size, int n) {
  std::vector<MPI_Request> reqs(size);
  // CHECK: {{.*}}receive-in-for.cpp:[[@LINE+1]]:1: olap region in 'gather'
#pragma bamboo olap
  {
#pragma bamboo receive
    for (int i = 0; i < size; ++i)
      if (i != rank)
        MPI_Irecv(&in[i * n], n, MPI_DOUBLE, i, 7, MPI_COMM_WORLD, &reqs[i]);
#pragma bamboo send
    {
      int k = 0;
      while (k < size) {
        if (k != rank)
          MPI_Send(&in[rank * n], n, MPI_DOUBLE, k, 7, MPI_COMM_WORLD);
        ++k;
      }
    }
    for (int i = 0; i < size; ++i)
      if (i != rank)
        MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
  }
}
// CHECK-NEXT:   receive block: {{.*}}receive-in-for.cpp:11:1
// CHECK-NEXT:   send block: {{.*}}receive-in-for.cpp:15:1
// CHECK-NEXT:   sends:
// CHECK-NEXT:     {{.*}}receive-in-for.cpp:20:11: MPI_Send to k tag 7 on MPI_COMM_WORLD while (k < size) if (k != rank)
// CHECK-NEXT:   firing rule:
// CHECK-NEXT:     {{.*}}receive-in-for.cpp:14:9: MPI_Irecv from i tag 7 on MPI_COMM_WORLD for (int i = 0; i < size; ++i) if (i != rank)
// CHECK-NEXT:   completed at the end of the region:
// CHECK-NEXT:     {{.*}}receive-in-for.cpp:26:9: MPI_Wait for (int i = 0; i < size; ++i) if (i != rank)
// CHECK-NEXT: may wait: gather

int main() { return 0; }
// Whatever the translator accepts compiles.
// RUN: %bamboo %s -o %t.cpp --
// RUN: %check_compiles %t.cpp
