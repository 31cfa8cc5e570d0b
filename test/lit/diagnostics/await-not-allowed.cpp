// A task cannot suspend in a catch handler or in a default argument, nor (GCC 12)
// inside a braced list that makes a std::initializer_list; an aggregate's is fine.
// RUN: not %bamboo %s -o %t.cpp -- 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: not %bamboo --explain %s -- 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
#include <mpi.h>
#include <stdexcept>
#include <vector>
int rank() {
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Barrier(MPI_COMM_WORLD);
  return r;
}
void work(int who = rank()) {
  // CHECK-DAG: await-not-allowed.cpp:[[@LINE-1]]:21: error: this call waits, but a task cannot wait in a default argument
  try {
    throw std::runtime_error("x");
  } catch (const std::exception &) {
    // CHECK-DAG: await-not-allowed.cpp:[[@LINE-1]]:5: note: catch handler starts here
    MPI_Barrier(MPI_COMM_WORLD);
    // CHECK-DAG: await-not-allowed.cpp:[[@LINE-1]]:5: error: this call waits, but a task cannot wait inside a catch handler
  }
  (void)who;
}
struct Pair {
  int a, b;
};
int sum(std::initializer_list<int> l);
int lists() {
  std::vector<int> v{rank(), 2};
  // CHECK-DAG: await-not-allowed.cpp:[[@LINE-1]]:22: error: this call waits, but a task cannot wait inside a braced list that makes a std::initializer_list (GCC 12 does not compile co_await there); compute it into a variable first
  v = {1, rank()};
  // CHECK-DAG: await-not-allowed.cpp:[[@LINE-1]]:11: error: this call waits, but a task cannot wait inside a braced list that makes a std::initializer_list
  Pair p{rank(), 2};
  int a[2] = {rank(), 1};
  return sum({v[0], p.a, a[0], MPI_Barrier(MPI_COMM_WORLD)});
  // CHECK-DAG: await-not-allowed.cpp:[[@LINE-1]]:32: error: this call waits, but a task cannot wait inside a braced list that makes a std::initializer_list
}
