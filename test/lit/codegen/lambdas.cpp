// A lambda that waits is translated like any function: its signature stays as
// written, its MPI calls become runtime calls, and it may be called directly,
// through std::function or by library code (std::for_each): a wait suspends
// the rank on its own stack, whoever called the lambda.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}  auto exchange = [&](int peer) {
// CHECK-NEXT: {{^}}    int in = -1;
// CHECK-NEXT: {{^}}    bamboo::mpi::Sendrecv(&rank, 1, MPI_INT, peer, 0, &in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD,
// CHECK:      {{^}}    return in;
// CHECK:      {{^}}  auto sync = [&] { bamboo::mpi::Barrier(MPI_COMM_WORLD); };
// CHECK-NEXT: {{^}}  auto twice = [](int x) -> int { bamboo::mpi::Barrier(MPI_COMM_WORLD); return 2 * x; };
// CHECK-NEXT: {{^}}  sync();
// CHECK-NEXT: {{^}}  std::function<int(int)> later = twice;
// CHECK-NEXT: {{^}}  std::for_each(peers.begin(), peers.end(), [&](int p) { sum += exchange(p); });
// CHECK-NEXT: {{^}}  return sum + exchange(rank ^ 1) + (twice(rank)) + later(1);
#include <algorithm>
#include <functional>
#include <mpi.h>
#include <vector>
int pairs(int rank, const std::vector<int> &peers) {
  auto exchange = [&](int peer) {
    int in = -1;
    MPI_Sendrecv(&rank, 1, MPI_INT, peer, 0, &in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    return in;
  };
  int sum = 0;
  auto sync = [&] { MPI_Barrier(MPI_COMM_WORLD); };
  auto twice = [](int x) -> int { MPI_Barrier(MPI_COMM_WORLD); return 2 * x; };
  sync();
  std::function<int(int)> later = twice;
  std::for_each(peers.begin(), peers.end(), [&](int p) { sum += exchange(p); });
  return sum + exchange(rank ^ 1) + (twice(rank)) + later(1);
}
