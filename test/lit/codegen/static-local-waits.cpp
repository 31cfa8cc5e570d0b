// A static local whose initializer waits: each rank evaluates it in its task
// the first time it passes the declaration (as C++ runs it once, on the first
// pass), since co_await cannot stand in once()'s function.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}  static bamboo::RankLocal<int> bambooStatic_first; int &first = bambooStatic_first.made() ? bambooStatic_first.get() : bambooStatic_first.make(co_await sum(x));
// CHECK-NEXT: {{^}}  static bamboo::RankLocal<std::vector<int>> bambooStatic_sizes; std::vector<int> &sizes = bambooStatic_sizes.made() ? bambooStatic_sizes.get() : bambooStatic_sizes.make(std::vector<int>(co_await sum(x), 1));
// CHECK-NEXT: {{^}}  static bamboo::RankLocal<int> bambooStatic_braced; int &braced = bambooStatic_braced.made() ? bambooStatic_braced.get() : bambooStatic_braced.make(int{co_await sum(x) + 1});
// CHECK-NEXT: {{^}}  static bamboo::RankLocal<int> bambooStatic_plain; int &plain = bambooStatic_plain.once([&]() -> int { return x + 1; });
#include <mpi.h>
#include <vector>
int sum(int x) {
  int out = 0;
  MPI_Allreduce(&x, &out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return out;
}
int firstSum(int x) {
  static int first = sum(x);
  static std::vector<int> sizes(sum(x), 1);
  static int braced{sum(x) + 1};
  static int plain = x + 1;
  return first + static_cast<int>(sizes.size()) + braced + plain;
}
int main() { return firstSum(1) == 0; }
