// A static data member gets one instance per virtual rank: a holder inside its
// class with the initializer of its definition, which becomes a comment; every
// use (qualified, unqualified, through an object) goes through the holder.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}struct Counter {
// CHECK-NEXT: {{^}}  struct BambooStatic_made { int made = 10 + bambooGlobal_base->base; }; static inline bamboo::RankLocal<BambooStatic_made> bambooStatic_made; /* bamboo: one per virtual rank */
// CHECK-NEXT: {{^}}  struct BambooStatic_log { std::vector<int> log = std::vector<int>(2, 7); }; static inline bamboo::RankLocal<BambooStatic_log> bambooStatic_log; /* bamboo: one per virtual rank */
// CHECK-NEXT: {{^}}  static const int Limit = 3;
// CHECK-NEXT: {{^}}  Counter() { ++bambooStatic_made->made; }
// CHECK-NEXT: {{^}}};
// CHECK-NEXT: {{^}}/* bamboo: made is one per virtual rank, in its class */
// CHECK-NEXT: {{^}}/* bamboo: log is one per virtual rank, in its class */
// CHECK:      {{^}}  co_return Counter::bambooStatic_made->made + c.bambooStatic_log->log.size() + Counter::Limit;
#include <mpi.h>
#include <vector>
int base = 1;
struct Counter {
  static int made;
  static std::vector<int> log;
  static const int Limit = 3;
  Counter() { ++made; }
};
int Counter::made = 10 + base;
std::vector<int> Counter::log(2, 7);
int count() {
  Counter c;
  MPI_Barrier(MPI_COMM_WORLD);
  return Counter::made + c.log.size() + Counter::Limit;
}
