// Without pragmas: every MPI call that may wait is awaited, the others become
// plain runtime calls, and process-local calls stay MPI's own. Without
// reordering, program order is kept exactly; with it, the blocking send is
// split into its start and a wait (docs/reorder.md): the start moves up as
// far as `value` allows, above the wildcard receive (a send and a receive
// never match the same message), and both waits move down past the blocking
// barrier; the Wtime barrier holds them there. A C struct declared without
// an initializer (MPI_Status) holds nothing.
// RUN: %bamboo --no-reorder %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
// RUN: %bamboo %s -o %t.reordered.cpp --
// RUN: FileCheck --check-prefix=REORDER %s < %t.reordered.cpp
// RUN: %check_compiles %t.reordered.cpp
//
// REORDER:      {{^}}  int value = rank, total = 0, count = 0;
// REORDER-NEXT: {{^}}  {{$}}
// REORDER-NEXT: {{^}}#line 58
// REORDER-NEXT: {{^}}  MPI_Request bamboo_request_58_3; bamboo::mpi::Isend(&value, 1, MPI_INT, (rank + 1) % size, 1, MPI_COMM_WORLD, &bamboo_request_58_3);
// REORDER-NEXT: {{^}}#line 56
// REORDER-NEXT: {{^}}  MPI_Request request;
// REORDER-NEXT: {{^}}#line 57
// REORDER-NEXT: {{^}}  bamboo::mpi::Irecv(&total, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &request);
// REORDER-NEXT: {{^}}#line 55
// REORDER-NEXT: {{^}}  MPI_Status status;
// REORDER-NEXT: {{^}}#line 61
// REORDER-NEXT: {{^}}  bamboo::mpi::Barrier(MPI_COMM_WORLD);
// REORDER-NEXT: {{^}}#line 59
// REORDER-NEXT: {{^}}  bamboo::mpi::Wait(&request, &status);
// REORDER-NEXT: {{^}}#line 60
// REORDER-NEXT: {{^}}  MPI_Get_count(&status, MPI_INT, &count);
// REORDER-NEXT: {{^}}#line 58
// REORDER-NEXT: {{^}}  bamboo::mpi::Wait(&bamboo_request_58_3, MPI_STATUS_IGNORE);
// REORDER-NEXT: {{^}}#line 61
// REORDER-EMPTY:
// REORDER-NEXT: {{^}}  double t = bamboo::mpi::Wtime();
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
