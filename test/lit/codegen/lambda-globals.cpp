// A variable of a lambda's type at namespace scope (or a static local): a
// lambda without captures has no state, so it stays as it is, shared by the
// ranks (its type has no name a rank's instance could be declared with).
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}auto twice = [](int x) { return 2 * x; };
// CHECK-NEXT: {{^}}static auto add = [](int a, int b) { return a + b; };
// CHECK:      {{^}}  static auto square = [](int x) { return x * x; };
#include <mpi.h>
auto twice = [](int x) { return 2 * x; };
static auto add = [](int a, int b) { return a + b; };
int apply(int x) {
  static auto square = [](int x) { return x * x; };
  MPI_Barrier(MPI_COMM_WORLD);
  return add(twice(x), square(x));
}
int main() { return apply(1) == 0; }
