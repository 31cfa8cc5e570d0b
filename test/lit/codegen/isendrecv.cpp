// MPI_Isendrecv and MPI_Isendrecv_replace (MPI 4.0) never wait: their request
// completes when both halves have.
// REQUIRES: mpi4
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}void exchange(MPI_Comm comm, int left, int right, double *a, double *b) {
// CHECK-NEXT: {{^}}  MPI_Request r[2];
// CHECK-NEXT: {{^}}  bamboo::mpi::Isendrecv(a, 1, MPI_DOUBLE, right, 3, b, 1, MPI_DOUBLE, left, 3, comm, &r[0]);
// CHECK-NEXT: {{^}}  bamboo::mpi::Isendrecv_replace(b, 1, MPI_DOUBLE, right, 4, left, 4, comm, &r[1]);
// CHECK-NEXT: {{^}}  bamboo::mpi::Waitall(2, r, MPI_STATUSES_IGNORE);
// CHECK-NEXT: {{^}}}
#include <mpi.h>
void exchange(MPI_Comm comm, int left, int right, double *a, double *b) {
  MPI_Request r[2];
  MPI_Isendrecv(a, 1, MPI_DOUBLE, right, 3, b, 1, MPI_DOUBLE, left, 3, comm, &r[0]);
  MPI_Isendrecv_replace(b, 1, MPI_DOUBLE, right, 4, left, 4, comm, &r[1]);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
}
