// Communicators, groups and Cartesian topologies: the calls that make a
// communicator are awaited (collective), group calls and grid queries become
// plain runtime calls, and MPI_Dims_create stays MPI's own.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}int grid(int size) {
// CHECK-NEXT: {{^}}  int dims[2] = {0, 0}, periods[2] = {1, 0}, up, down, same = 0;
// CHECK-NEXT: {{^}}  MPI_Dims_create(size, 2, dims);
// CHECK-NEXT: {{^}}  MPI_Comm cart, row, shared, firsts;
// CHECK-NEXT: {{^}}  bamboo::mpi::Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &cart);
// CHECK-NEXT: {{^}}  bamboo::mpi::Cart_shift(cart, 0, 1, &up, &down);
// CHECK-NEXT: {{^}}  int keep[2] = {0, 1};
// CHECK-NEXT: {{^}}  bamboo::mpi::Cart_sub(cart, keep, &row);
// CHECK-NEXT: {{^}}  bamboo::mpi::Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &shared);
// CHECK-NEXT: {{^}}  MPI_Group world, first;
// CHECK-NEXT: {{^}}  bamboo::mpi::Comm_group(MPI_COMM_WORLD, &world);
// CHECK-NEXT: {{^}}  int zero = 0;
// CHECK-NEXT: {{^}}  bamboo::mpi::Group_incl(world, 1, &zero, &first);
// CHECK-NEXT: {{^}}  bamboo::mpi::Comm_create(MPI_COMM_WORLD, first, &firsts);
// CHECK-NEXT: {{^}}  bamboo::mpi::Comm_compare(cart, row, &same);
// CHECK-NEXT: {{^}}  bamboo::mpi::Group_free(&first);
// CHECK-NEXT: {{^}}  bamboo::mpi::Group_free(&world);
// CHECK-NEXT: {{^}}  return up + down + same;
// CHECK-NEXT: {{^}}}
#include <mpi.h>
int grid(int size) {
  int dims[2] = {0, 0}, periods[2] = {1, 0}, up, down, same = 0;
  MPI_Dims_create(size, 2, dims);
  MPI_Comm cart, row, shared, firsts;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &cart);
  MPI_Cart_shift(cart, 0, 1, &up, &down);
  int keep[2] = {0, 1};
  MPI_Cart_sub(cart, keep, &row);
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &shared);
  MPI_Group world, first;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int zero = 0;
  MPI_Group_incl(world, 1, &zero, &first);
  MPI_Comm_create(MPI_COMM_WORLD, first, &firsts);
  MPI_Comm_compare(cart, row, &same);
  MPI_Group_free(&first);
  MPI_Group_free(&world);
  return up + down + same;
}
