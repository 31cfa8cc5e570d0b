// Olap regions of other shapes: receives in a loop with a wait in the region,
// and a region without blocks (it acts as one receive block).
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}    { bamboo::Region bambooOlap;
// CHECK-NEXT: {{^}}// bamboo: receive block (part of the firing rule)
// CHECK-NEXT: {{^}}      for (int i = 0; i < n; ++i)
// CHECK-NEXT: {{^}}        bamboo::mpi::Irecv(&in[i], 1, MPI_DOUBLE, peers[i], 0, MPI_COMM_WORLD, &reqs[i]);
// CHECK-NEXT: {{^}}// bamboo: send block
// CHECK-NEXT: {{^}}      for (int i = 0; i < n; ++i)
// CHECK-NEXT: {{^}}        bambooOlap.Send(&out, 1, MPI_DOUBLE, peers[i], 0, MPI_COMM_WORLD);
// CHECK-NEXT: {{^}}      bambooOlap.Waitall(n, reqs, MPI_STATUSES_IGNORE);
// CHECK-NEXT: {{^}}    bambooOlap.complete(); }
// CHECK:      {{^}}  { bamboo::Region bambooOlap;
// CHECK-NEXT: {{^}}    bambooOlap.Recv(&total, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
// CHECK-NEXT: {{^}}    bambooOlap.Send(&out, 1, MPI_DOUBLE, peers[0], 1, MPI_COMM_WORLD);
// CHECK-NEXT: {{^}}  bambooOlap.complete(); }
#include <mpi.h>
double gather(int n, const int *peers, double out) {
  double in[8] = {0}, total = 0;
  MPI_Request reqs[8];
#pragma bamboo olap
    {
#pragma bamboo receive
      for (int i = 0; i < n; ++i)
        MPI_Irecv(&in[i], 1, MPI_DOUBLE, peers[i], 0, MPI_COMM_WORLD, &reqs[i]);
#pragma bamboo send
      for (int i = 0; i < n; ++i)
        MPI_Send(&out, 1, MPI_DOUBLE, peers[i], 0, MPI_COMM_WORLD);
      MPI_Waitall(n, reqs, MPI_STATUSES_IGNORE);
    }
#pragma bamboo olap
  {
    MPI_Recv(&total, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&out, 1, MPI_DOUBLE, peers[0], 1, MPI_COMM_WORLD);
  }
  return total + in[0];
}
