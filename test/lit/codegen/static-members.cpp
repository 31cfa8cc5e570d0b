// A static data member gets one instance per virtual rank: its class declares a
// holder type and an accessor, and its definition defines them with its
// initializer; every use (qualified, unqualified, through an object) calls the
// accessor.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}struct Counter {
// CHECK-NEXT: {{^}}  struct BambooStatic_made; static int &bambooStatic_made();
// CHECK-NEXT: {{^}}  struct BambooStatic_log; static std::vector<int> &bambooStatic_log();
// CHECK-NEXT: {{^}}  static const int Limit = 3;
// CHECK-NEXT: {{^}}  struct BambooStatic_live { int live = 2; }; static decltype(BambooStatic_live::live) &bambooStatic_live() { static bamboo::RankLocal<BambooStatic_live> Store; return Store->live; } /* bamboo: one per virtual rank */
// CHECK-NEXT: {{^}}  Counter() { ++bambooStatic_made(); }
// CHECK-NEXT: {{^}}};
// CHECK-NEXT: {{^}}struct Counter::BambooStatic_made { int made = 10 + bambooGlobal_base(); }; auto Counter::bambooStatic_made() -> decltype(BambooStatic_made::made) & { static bamboo::RankLocal<BambooStatic_made> Store; return Store->made; } /* bamboo: one per virtual rank */
// CHECK-NEXT: {{^}}struct Counter::BambooStatic_log { std::vector<int> log = std::vector<int>(2, 7); }; auto Counter::bambooStatic_log() -> decltype(BambooStatic_log::log) & { static bamboo::RankLocal<BambooStatic_log> Store; return Store->log; } /* bamboo: one per virtual rank */
// CHECK:      {{^}}  return Counter::bambooStatic_made() + c.bambooStatic_log().size() + Counter::Limit + c.bambooStatic_live()++;
#include <mpi.h>
#include <vector>
int base = 1;
struct Counter {
  static int made;
  static std::vector<int> log;
  static const int Limit = 3;
  static inline int live = 2;
  Counter() { ++made; }
};
int Counter::made = 10 + base;
std::vector<int> Counter::log(2, 7);
int count() {
  Counter c;
  MPI_Barrier(MPI_COMM_WORLD);
  return Counter::made + c.log.size() + Counter::Limit + c.live++;
}
