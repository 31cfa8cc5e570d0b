// Templates are rewritten once, as written. A call that depends on the template's
// parameters is awaited when it reaches a task in the template's instantiations.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}template <class T> T total(T x) {
// CHECK-NEXT: {{^}}  exchange(x);
// CHECK-NEXT: {{^}}  return x;
// CHECK:      {{^}}  void step() { exchange(value); }
// CHECK:      {{^}}  double d = total(1.5);
// CHECK-NEXT: {{^}}  int i = total(rank);
// CHECK-NEXT: {{^}}  Holder<int> h;
// CHECK-NEXT: {{^}}  h.step();
#include <mpi.h>
void exchange(double &x) { MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); }
void exchange(int &x) { MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); }
template <class T> T total(T x) {
  exchange(x);
  return x;
}
template <class T> struct Holder {
  T value{};
  void step() { exchange(value); }
};
int run(int rank) {
  double d = total(1.5);
  int i = total(rank);
  Holder<int> h;
  h.step();
  return static_cast<int>(d) + i + h.value;
}
