// A static local whose initializer waits is privatized like any other: each
// rank runs the initializer in once() the first time it passes the
// declaration (as C++ runs it once, on the first pass), and may wait there.
// A type that can be neither copied nor moved is fine too.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}  static bamboo::RankLocal<int> bambooStatic_first; int &first = bambooStatic_first.once([&]() -> int { return sum(x); });
// CHECK-NEXT: {{^}}  static bamboo::RankLocal<std::vector<int>> bambooStatic_sizes; std::vector<int> &sizes = bambooStatic_sizes.once([&]() -> std::vector<int> { return std::vector<int>(sum(x), 1); });
// CHECK-NEXT: {{^}}  static bamboo::RankLocal<int> bambooStatic_braced; int &braced = bambooStatic_braced.once([&]() -> int { return {sum(x) + 1}; });
// CHECK-NEXT: {{^}}  static bamboo::RankLocal<int> bambooStatic_plain; int &plain = bambooStatic_plain.once([&]() -> int { return x + 1; });
// CHECK-NEXT: {{^}}  static bamboo::RankLocal<Pinned> bambooStatic_pinned; Pinned &pinned = bambooStatic_pinned.once([&]() -> Pinned { return Pinned(sum(x)); });
#include <mpi.h>
#include <vector>
int sum(int x) {
  int out = 0;
  MPI_Allreduce(&x, &out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return out;
}
struct Pinned {
  explicit Pinned(int v) : v(v) {}
  Pinned(const Pinned &) = delete;
  int v;
};
int firstSum(int x) {
  static int first = sum(x);
  static std::vector<int> sizes(sum(x), 1);
  static int braced{sum(x) + 1};
  static int plain = x + 1;
  static Pinned pinned(sum(x));
  return first + static_cast<int>(sizes.size()) + braced + plain + pinned.v;
}
int main() { return firstSum(1) == 0; }
