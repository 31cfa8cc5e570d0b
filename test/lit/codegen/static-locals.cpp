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

// A static local array with a constant initializer (a C lookup table, also
// of unknown bound): a holder type keeps the declaration as written, with the
// bound the initializer gave.
// CHECK:      {{^}}  struct BambooStatic_table { int table[3] = {1, 2, 3}; }; static bamboo::RankLocal<BambooStatic_table> bambooStatic_table; decltype(BambooStatic_table::table) &table = bambooStatic_table.get().table;
// CHECK-NEXT: {{^}}  struct BambooStatic_names { const char *names[2] = {"a", "b"}; }; static bamboo::RankLocal<BambooStatic_names> bambooStatic_names; decltype(BambooStatic_names::names) &names = bambooStatic_names.get().names;
// CHECK-NEXT: {{^}}  static const int limits[2] = {4, 5};
int lookup(int n) {
  static int table[] = {1, 2, 3};
  static const char *names[] = {"a", "b"};
  static const int limits[2] = {4, 5};
  table[n % 3] += n;
  names[n % 2] = "c";
  MPI_Barrier(MPI_COMM_WORLD);
  return table[n % 3] + names[0][0] + limits[n % 2];
}

// Several declarators in one static declaration share its `static`: each has
// a RankLocal of its own.
// CHECK:      {{^}}  static bamboo::RankLocal<int[3]> bambooStatic_a; static bamboo::RankLocal<int[2]> bambooStatic_b; int (&a)[3] = bambooStatic_a.get(), (&b)[2] = bambooStatic_b.get();
// CHECK-NEXT: {{^}}  static bamboo::RankLocal<int> bambooStatic_c; static bamboo::RankLocal<int> bambooStatic_d; int &c = bambooStatic_c.once([&]() -> int { return 5; }), &d = bambooStatic_d.once([&]() -> int { return 7; });
int several() {
  static int a[3], b[2];
  static int c = 5, d = 7;
  a[0] += 1;
  b[1] += 2;
  MPI_Barrier(MPI_COMM_WORLD);
  return a[0] + b[1] + c++ + d++;
}
