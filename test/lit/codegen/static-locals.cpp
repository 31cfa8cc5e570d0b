// Static locals get one instance per virtual rank, made from their initializer
// the first time each rank passes them; the name stays, as a reference.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}  static bamboo::RankLocal<int> bambooStatic_calls; int &calls = bambooStatic_calls.once([&]() -> int { return 0; });
// CHECK-NEXT: {{^}}  static bamboo::RankLocal<double[64]> bambooStatic_buffer; double (&buffer)[64] = bambooStatic_buffer.get();
// CHECK-NEXT: {{^}}  static bamboo::RankLocal<std::vector<int>> bambooStatic_sizes; std::vector<int> &sizes = bambooStatic_sizes.once([&]() -> std::vector<int> { return std::vector<int>(n, n); });
// CHECK-NEXT: {{^}}  static bamboo::RankLocal<std::vector<int>> bambooStatic_list; std::vector<int> &list = bambooStatic_list.once([&]() -> std::vector<int> { return std::vector<int>{1, 2}; });
// CHECK-NEXT: {{^}}  static bamboo::RankLocal<std::string> bambooStatic_label; std::string &label = bambooStatic_label.get();
#include <mpi.h>
#include <string>
#include <vector>
int count(int n) {
  static int calls = 0;
  static double buffer[64];
  static std::vector<int> sizes(n, n);
  static std::vector<int> list{1, 2};
  static std::string label;
  buffer[calls % 64] = n;
  label += 'a';
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return ++calls + sizes[0] + list[1] + rank + static_cast<int>(label.size());
}
