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
// In a template, a call whose callee depends on the parameters is resolved in
// the instantiations; they share its text, edited once (issue 10: sizeof saw
// Task<R> and the program printed another size).
// CHECK:      {{^}}template <class T> int templated(T v) {
// CHECK-NEXT: {{^}}  static_assert(sizeof(bamboo::resultOf(k(v))) == 1);
// CHECK-NEXT: {{^}}  static_assert(sizeof(decltype(bamboo::resultOf(k(1)))) == 1);
// CHECK-NEXT: {{^}}  return sizeof(h(v));
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
char h(char c) { return c; }
char k(int x) {
  MPI_Barrier(MPI_COMM_WORLD);
  return static_cast<char>(x);
}
template <class T> int templated(T v) {
  static_assert(sizeof(k(v)) == 1);
  static_assert(sizeof(decltype(k(1))) == 1);
  return sizeof(h(v));
}
int main() {
  return sizes() + static_cast<int>(global) + g() + static_cast<int>(f(1)) + templated(1) +
             templated('c') ==
         0;
}
