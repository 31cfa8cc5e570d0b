// The priority clause, including negative priorities and macros.
// RUN: %bamboo --explain %s -- | FileCheck %s --match-full-lines
#include <mpi.h>

#define HIGH 7
void f(int *x, int peer) {
// CHECK: {{.*}}priority.cpp:[[@LINE+2]]:1: olap region in 'f'
// CHECK-NEXT:   priority: 3
#pragma bamboo olap priority(3)
  MPI_Recv(x, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
// CHECK: {{.*}}priority.cpp:[[@LINE+2]]:1: olap region in 'f'
// CHECK-NEXT:   priority: -2
#pragma bamboo olap priority(-2)
  MPI_Recv(x, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
// CHECK: {{.*}}priority.cpp:[[@LINE+2]]:1: olap region in 'f'
// CHECK-NEXT:   priority: 7
#pragma bamboo olap priority(HIGH)
  MPI_Recv(x, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
// CHECK: {{.*}}priority.cpp:[[@LINE+2]]:1: olap region in 'f'
// CHECK-NEXT:   sends:
#pragma bamboo olap
  MPI_Recv(x, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
// CHECK: may wait: f

int main() { return 0; }
// Whatever the translator accepts compiles.
// RUN: %bamboo %s -o %t.cpp --
// RUN: %check_compiles %t.cpp
