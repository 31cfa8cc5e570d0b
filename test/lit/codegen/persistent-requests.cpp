// Persistent requests: inits and starts never wait and become plain runtime
// calls; the waits on them are awaited, in and out of an olap region.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}void exchange(double *u, int left, int right, int steps) {
// CHECK-NEXT: {{^}}  MPI_Request reqs[2];
// CHECK-NEXT: {{^}}  bamboo::mpi::Recv_init(u, 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &reqs[0]);
// CHECK-NEXT: {{^}}  bamboo::mpi::Send_init(u + 1, 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &reqs[1]);
// CHECK-NEXT: {{^}}  for (int s = 0; s < steps; ++s) {
// CHECK-NEXT: {{^}}// bamboo: olap region (persistent-requests.cpp:[[#@LINE+17]]): its receives complete together at its end
// CHECK-NEXT: {{^}}    { bamboo::Region bambooOlap;
// CHECK-NEXT: {{^}}      bamboo::mpi::Startall(2, reqs);
// CHECK-NEXT: {{^}}      bambooOlap.Waitall(2, reqs, MPI_STATUSES_IGNORE);
// CHECK-NEXT: {{^}}    bambooOlap.complete(); }
// CHECK-NEXT: {{^}}  }
// CHECK-NEXT: {{^}}  bamboo::mpi::Start(&reqs[0]);
// CHECK-NEXT: {{^}}  bamboo::mpi::Wait(&reqs[0], MPI_STATUS_IGNORE);
// CHECK-NEXT: {{^}}  bamboo::mpi::Request_free(&reqs[0]);
// CHECK-NEXT: {{^}}  bamboo::mpi::Request_free(&reqs[1]);
// CHECK-NEXT: {{^}}}
#include <mpi.h>
void exchange(double *u, int left, int right, int steps) {
  MPI_Request reqs[2];
  MPI_Recv_init(u, 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &reqs[0]);
  MPI_Send_init(u + 1, 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &reqs[1]);
  for (int s = 0; s < steps; ++s) {
#pragma bamboo olap
    {
      MPI_Startall(2, reqs);
      MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    }
  }
  MPI_Start(&reqs[0]);
  MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
  MPI_Request_free(&reqs[0]);
  MPI_Request_free(&reqs[1]);
}
