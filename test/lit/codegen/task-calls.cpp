// A function that reaches MPI becomes a task; its callers await it wherever
// the call stands: in a loop condition, an argument, an initializer, before a
// member access (with parentheses), in a return.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}bamboo::Task<double> exchange(double x, int peer) {
// CHECK:      {{^}}bamboo::Task<Pair> both(int peer) { co_return {co_await exchange(1, peer), co_await exchange(2, peer)}; }
// CHECK:      {{^}}static bamboo::Task<void> note(int peer);
// CHECK:      {{^}}bamboo::Task<double> run(int peer) {
// CHECK-NEXT: {{^}}  double sum = co_await exchange(0.5, peer);
// CHECK-NEXT: {{^}}  for (int i = 0; co_await exchange(i, peer) < 3; ++i)
// CHECK-NEXT: {{^}}    sum += scale(co_await exchange(sum, peer));
// CHECK-NEXT: {{^}}  sum += (co_await both(peer)).first;
// CHECK-NEXT: {{^}}  co_await note(peer);
// CHECK-NEXT: {{^}}  co_return sum + co_await exchange(sum, peer);
// CHECK-NEXT: {{^}}}
// CHECK:      {{^}}static bamboo::Task<void> note(int peer) {
// CHECK:      {{^}}    co_return;
// CHECK:      {{^}}bamboo::Task<Pair> operator+(const Pair &a, const Pair &b) {
// CHECK:      {{^}}  Pair p = co_await (co_await both(peer) + co_await both(peer));
// CHECK-NEXT: {{^}}  co_return (co_await (p + p)).second;
#include <mpi.h>
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
  return sum + exchange(sum, peer);
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
