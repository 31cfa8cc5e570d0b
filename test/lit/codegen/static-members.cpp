// A static data member gets one instance per virtual rank: its class declares a
// holder type, a store and an accessor, and its definition defines them with its
// initializer; every use (qualified, unqualified, through an object) calls the
// accessor. The store is made before main, as a global is (made at its first
// use, a member's initializer saw what main had changed: e2e
// programs/static_members), and the accessor is const, as a global's.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}struct Counter {
// CHECK-NEXT: {{^}}  struct BambooStatic_made; static bamboo::RankLocal<BambooStatic_made> bambooStaticStore_made; static int &bambooStatic_made() __attribute__((const, nothrow));
// CHECK-NEXT: {{^}}  struct BambooStatic_log; static bamboo::RankLocal<BambooStatic_log> bambooStaticStore_log; static std::vector<int> &bambooStatic_log() __attribute__((const, nothrow));
// CHECK-NEXT: {{^}}  static const int Limit = 3;
// CHECK-NEXT: {{^}}  struct BambooStatic_live { int live = 2; }; static inline bamboo::RankLocal<BambooStatic_live> bambooStaticStore_live{bamboo::beforeMain}; __attribute__((const, nothrow, noinline)) static decltype(BambooStatic_live::live) &bambooStatic_live() { return bambooStaticStore_live->live; } /* bamboo: one per virtual rank */
// CHECK-NEXT: {{^}}  Counter() { ++bambooStatic_made(); }
// CHECK-NEXT: {{^}}};
// CHECK-NEXT: {{^}}struct Counter::BambooStatic_made { int made = 10 + bambooGlobal_base(); }; bamboo::RankLocal<Counter::BambooStatic_made> Counter::bambooStaticStore_made{bamboo::beforeMain}; __attribute__((const, nothrow, noinline)) auto Counter::bambooStatic_made() -> decltype(BambooStatic_made::made) & { return bambooStaticStore_made->made; } /* bamboo: one per virtual rank */
// CHECK-NEXT: {{^}}struct Counter::BambooStatic_log { std::vector<int> log = std::vector<int>(2, 7); }; bamboo::RankLocal<Counter::BambooStatic_log> Counter::bambooStaticStore_log{bamboo::beforeMain}; __attribute__((const, nothrow, noinline)) auto Counter::bambooStatic_log() -> decltype(BambooStatic_log::log) & { return bambooStaticStore_log->log; } /* bamboo: one per virtual rank */
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
