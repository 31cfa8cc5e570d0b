// A region whose statement is not a block gets braces around it; a call of a
// function that becomes a task is awaited inside.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}void exchange(double *buffer, int rank) {
// CHECK:      {{^}}void iterate(double *buffer, int rank) {
// CHECK-NEXT: {{^}}// bamboo: olap region (olap-single-statement.cpp:[[#@LINE+8]]): its receives complete together at its end
// CHECK-NEXT: {{^}}  { bamboo::Region bambooOlap; exchange(buffer, rank); bambooOlap.complete(); }
#include <mpi.h>
void exchange(double *buffer, int rank) {
  MPI_Sendrecv_replace(buffer, 4, MPI_DOUBLE, rank ^ 1, 0, rank ^ 1, 0, MPI_COMM_WORLD,
                       MPI_STATUS_IGNORE);
}
void iterate(double *buffer, int rank) {
#pragma bamboo olap
  exchange(buffer, rank);
}
