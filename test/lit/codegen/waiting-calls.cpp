// A function that waits is called as written wherever the call stands: in a
// loop condition, an argument, an initializer, before a member access, in a
// return, in a braced list that makes a std::initializer_list, in an
// operand that is never evaluated (sizeof, decltype), and as an overloaded
// operator. Nothing is awaited: the rank waits on its own stack.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      double exchange(double x, int peer) {
// CHECK:        bamboo::mpi::Sendrecv(&x, 1, MPI_DOUBLE, peer, 0, &y, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD,
// CHECK:      Pair both(int peer) { return {exchange(1, peer), exchange(2, peer)}; }
// CHECK-NEXT: static void note(int peer);
// CHECK-NEXT: double run(int peer) {
// CHECK-NEXT:   double sum = exchange(0.5, peer);
// CHECK-NEXT:   for (int i = 0; exchange(i, peer) < 3; ++i)
// CHECK-NEXT:     sum += scale(exchange(sum, peer));
// CHECK-NEXT:   sum += both(peer).first;
// CHECK-NEXT:   note(peer);
// CHECK-NEXT:   std::vector<double> list{exchange(sum, peer), 2};
// CHECK-NEXT:   sum += sizeof(exchange(sum, peer)) + sizeof(decltype(both(peer)));
// CHECK-NEXT:   return sum + exchange(sum, peer) + list[0];
// CHECK-NEXT: }
// CHECK:      Pair operator+(const Pair &a, const Pair &b) { // an operator that waits
// CHECK-NEXT:   bamboo::mpi::Barrier(MPI_COMM_WORLD);
// CHECK:        Pair p = both(peer) + both(peer);
// CHECK-NEXT:   return (p + p).second;
#include <mpi.h>
#include <vector>
struct Pair {
  double first, second;
};
double scale(double x) { return 2 * x; } // no MPI: unchanged
double exchange(double x, int peer) {
  double y = 0;
  MPI_Sendrecv(&x, 1, MPI_DOUBLE, peer, 0, &y, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  return y;
}
Pair both(int peer) { return {exchange(1, peer), exchange(2, peer)}; }
static void note(int peer);
double run(int peer) {
  double sum = exchange(0.5, peer);
  for (int i = 0; exchange(i, peer) < 3; ++i)
    sum += scale(exchange(sum, peer));
  sum += both(peer).first;
  note(peer);
  std::vector<double> list{exchange(sum, peer), 2};
  sum += sizeof(exchange(sum, peer)) + sizeof(decltype(both(peer)));
  return sum + exchange(sum, peer) + list[0];
}
static void note(int peer) {
  if (peer < 0)
    return;
  MPI_Barrier(MPI_COMM_WORLD);
}
Pair operator+(const Pair &a, const Pair &b) { // an operator that waits
  MPI_Barrier(MPI_COMM_WORLD);
  return {a.first + b.first, a.second + b.second};
}
double sums(int peer) {
  Pair p = both(peer) + both(peer);
  return (p + p).second;
}
