// A lambda that waits becomes a task too: it gets a result type Task<R> (and a
// parameter list if it had none), and its calls are awaited.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}  auto exchange = [&](int peer) -> bamboo::Task<int> {
// CHECK-NEXT: {{^}}    int in = -1;
// CHECK-NEXT: {{^}}    co_await bamboo::mpi::Sendrecv(&rank, 1, MPI_INT, peer, 0, &in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD,
// CHECK:      {{^}}    co_return in;
// CHECK:      {{^}}  auto sync = [&]() -> bamboo::Task<void> { co_await bamboo::mpi::Barrier(MPI_COMM_WORLD); };
// CHECK-NEXT: {{^}}  auto twice = [](int x) -> bamboo::Task<int> { co_await bamboo::mpi::Barrier(MPI_COMM_WORLD); co_return 2 * x; };
// CHECK-NEXT: {{^}}  co_await sync();
// CHECK-NEXT: {{^}}  co_return co_await exchange(rank ^ 1) + (co_await twice(rank));
#include <mpi.h>
int pairs(int rank) {
  auto exchange = [&](int peer) {
    int in = -1;
    MPI_Sendrecv(&rank, 1, MPI_INT, peer, 0, &in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    return in;
  };
  auto sync = [&] { MPI_Barrier(MPI_COMM_WORLD); };
  auto twice = [](int x) -> int { MPI_Barrier(MPI_COMM_WORLD); return 2 * x; };
  sync();
  return exchange(rank ^ 1) + (twice(rank));
}
