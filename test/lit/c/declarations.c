// Declarations C reads otherwise than C++: tentative definitions are one
// definition; a const global keeps C's external linkage; `int f();` gets the
// parameters of its prototype; designated initializers go in declaration
// order; a character literal is an int.
// RUN: %bamboo %s -o %t.cpp -- -Wno-deprecated-non-prototype 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.cpp
// RUN: %check_compiles %t.cpp
#include <mpi.h>
struct point { int x, y, z; };
// CHECK:      struct BambooGlobal_steps { int steps; }; static bamboo::RankLocal<BambooGlobal_steps> bambooGlobalStore_steps{bamboo::beforeMain}; decltype(BambooGlobal_steps::steps) &bambooGlobal_steps() { return bambooGlobalStore_steps->steps; } /* bamboo: one per virtual rank */
// CHECK-NEXT: int &bambooGlobal_steps();
// CHECK-NEXT: int &bambooGlobal_width();
// CHECK-NEXT: struct BambooGlobal_width { int width = 8; }; static bamboo::RankLocal<BambooGlobal_width> bambooGlobalStore_width{bamboo::beforeMain}; decltype(BambooGlobal_width::width) &bambooGlobal_width() { return bambooGlobalStore_width->width; } /* bamboo: one per virtual rank */
// CHECK-NEXT: extern const int limit = 4;
// CHECK-NEXT: static const int hidden = 2;
// CHECK-NEXT: int scale(int, double);
// CHECK-NEXT: int scale(int k, double f) { return (int)(k * f); }
int steps;
int steps;
int width;
int width = 8;
const int limit = 4;
static const int hidden = 2;
int scale();
int scale(int k, double f) { return (int)(k * f); }
// CHECK:        struct point p = {.x = rank, .y = 2, .z = hidden};
// CHECK-NEXT:   struct point q = {.x = 1, .y = bump(), .z = 3};
// CHECK-NEXT:   int size = sizeof (int) + sizeof(char);
static int bump(void) {
  MPI_Barrier(MPI_COMM_WORLD);
  return ++steps;
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  struct point p = {.z = hidden, .x = rank, .y = 2};
  struct point q = {.y = bump(), .z = 3, .x = 1};
  int size = sizeof 'a' + sizeof(char);
  MPI_Finalize();
  return p.x + q.y + size + scale(width, 0.5) + limit;
}
