// Functions that become tasks, declared in every form C++ allows: a trailing
// return type, a typedef of the function type, several names in one
// declaration (split into one declaration per name, on the same line), and a
// template whose deduced return type does not depend on its parameters.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}auto trailing(int x) -> bamboo::Task<int> { co_await bamboo::mpi::Barrier(MPI_COMM_WORLD); co_return x; }
// CHECK-NEXT: {{^}}typedef int Unary(int);
// CHECK-NEXT: {{^}}static bamboo::Task<int> throughTypedef(int);
// CHECK-NEXT: {{^}}static Unary plain;
// CHECK-NEXT: {{^}}static bamboo::Task<int> total(int); static int twice(int); static int thrice(int);
// CHECK-NEXT: {{^}}static int once(int); static bamboo::Task<int> waitsToo(int);
// CHECK:      {{^}}template <class T> bamboo::Task<int> count(T x) {
// CHECK:      {{^}}template <class T> bamboo::Task<void> nothing(T) {
#include <mpi.h>
auto trailing(int x) -> int { MPI_Barrier(MPI_COMM_WORLD); return x; }
typedef int Unary(int);
static Unary throughTypedef;
static Unary plain;
static int total(int), twice(int), thrice(int);
static int once(int), waitsToo(int);
static int throughTypedef(int x) { MPI_Barrier(MPI_COMM_WORLD); return x; }
static int plain(int x) { return x; }
static int total(int x) { MPI_Barrier(MPI_COMM_WORLD); return x; }
static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }
static int once(int x) { return x; }
static int waitsToo(int x) { MPI_Barrier(MPI_COMM_WORLD); return x; }
template <class T> auto count(T x) {
  MPI_Barrier(MPI_COMM_WORLD);
  if (x > 0)
    return 1;
  return static_cast<int>(sizeof(T));
}
template <class T> auto nothing(T) {
  MPI_Barrier(MPI_COMM_WORLD);
}
int main() {
  int sum = trailing(1) + throughTypedef(2) + plain(3) + total(4) + twice(5) + thrice(6) +
            once(7) + waitsToo(8) + count(9) + count(10.0);
  nothing(sum);
  return sum == 0;
}
