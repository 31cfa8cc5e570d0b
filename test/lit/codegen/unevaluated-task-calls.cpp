// sizeof, decltype, noexcept and typeid look at a call without running it: a
// call of a function that became a task keeps its original type R there
// (bamboo::resultOf gives the R of Task<R>), is not awaited, and does not make
// its caller a task.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}bamboo::Task<double> f(int x) {
// CHECK:      {{^}}int sizes() {
// CHECK-NEXT: {{^}}  decltype(bamboo::resultOf(f(1))) y = 2.5;
// CHECK-NEXT: {{^}}  static_assert(sizeof(bamboo::resultOf(f(1))) == sizeof(double));
// CHECK-NEXT: {{^}}  static_assert(!noexcept(bamboo::resultOf(f(2))));
// CHECK-NEXT: {{^}}  static_assert(noexcept(bamboo::resultOf(g())));
// CHECK-NEXT: {{^}}  return static_cast<int>(y) + (typeid(bamboo::resultOf(f(3))) == typeid(double));
// CHECK:      {{^}}const decltype(bamboo::resultOf(f(0))) global = 1.5;
#include <mpi.h>
#include <typeinfo>
double f(int x) {
  MPI_Barrier(MPI_COMM_WORLD);
  return x;
}
int g() noexcept {
  MPI_Barrier(MPI_COMM_WORLD);
  return 0;
}
int sizes() {
  decltype(f(1)) y = 2.5;
  static_assert(sizeof(f(1)) == sizeof(double));
  static_assert(!noexcept(f(2)));
  static_assert(noexcept(g()));
  return static_cast<int>(y) + (typeid(f(3)) == typeid(double));
}
const decltype(f(0)) global = 1.5;
int main() { return sizes() + static_cast<int>(global) + g() + static_cast<int>(f(1)) == 0; }
