// Without pragmas: every MPI call that may wait is awaited, the others become
// plain runtime calls, and process-local calls stay MPI's own. Program order is
// kept exactly.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}int gather(int rank, int size) {
// CHECK-NEXT: {{^}}  int value = rank, total = 0, count = 0;
// CHECK-NEXT: {{^}}  MPI_Status status;
// CHECK-NEXT: {{^}}  MPI_Request request;
// CHECK-NEXT: {{^}}  bamboo::mpi::Irecv(&total, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &request);
// CHECK-NEXT: {{^}}  bamboo::mpi::Send(&value, 1, MPI_INT, (rank + 1) % size, 1, MPI_COMM_WORLD);
// CHECK-NEXT: {{^}}  bamboo::mpi::Wait(&request, &status);
// CHECK-NEXT: {{^}}  MPI_Get_count(&status, MPI_INT, &count);
// CHECK-NEXT: {{^}}  bamboo::mpi::Barrier(MPI_COMM_WORLD);
// CHECK-NEXT: {{^}}  double t = bamboo::mpi::Wtime();
// CHECK-NEXT: {{^}}  if (bamboo::mpi::Allreduce(MPI_IN_PLACE, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD) != MPI_SUCCESS)
// CHECK-NEXT: {{^}}    return -1;
// CHECK-NEXT: {{^}}  return total + count + (t < 0);
// CHECK-NEXT: {{^}}}
#include <mpi.h>
int gather(int rank, int size) {
  int value = rank, total = 0, count = 0;
  MPI_Status status;
  MPI_Request request;
  MPI_Irecv(&total, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &request);
  MPI_Send(&value, 1, MPI_INT, (rank + 1) % size, 1, MPI_COMM_WORLD);
  MPI_Wait(&request, &status);
  MPI_Get_count(&status, MPI_INT, &count);
  MPI_Barrier(MPI_COMM_WORLD);
  double t = MPI_Wtime();
  if (MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD) != MPI_SUCCESS)
    return -1;
  return total + count + (t < 0);
}
