// Mutable globals get one instance per virtual rank, with their initializers,
// reached through an accessor with the variable's linkage; every use calls it
// (decltype of the name keeps the declared type). Constants stay shared.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}const int N = 8;
// CHECK-NEXT: {{^}}constexpr double Pi = 3.14;
// CHECK-NEXT: {{^}}struct BambooGlobal_counter { int counter = 0; }; static bamboo::RankLocal<BambooGlobal_counter> bambooGlobalStore_counter{bamboo::beforeMain}; __attribute__((const, nothrow, noinline)) decltype(BambooGlobal_counter::counter) &bambooGlobal_counter() { return bambooGlobalStore_counter->counter; } /* bamboo: one per virtual rank */
// CHECK-NEXT: {{^}}struct BambooGlobal_grid { double grid[N], *cursor = grid; }; static bamboo::RankLocal<BambooGlobal_grid> bambooGlobalStore_grid{bamboo::beforeMain}; __attribute__((const, nothrow, noinline)) decltype(BambooGlobal_grid::grid) &bambooGlobal_grid() { return bambooGlobalStore_grid->grid; } __attribute__((const, nothrow, noinline)) decltype(BambooGlobal_grid::cursor) &bambooGlobal_cursor() { return bambooGlobalStore_grid->cursor; } /* bamboo: one per virtual rank */
// CHECK-NEXT: {{^}}struct BambooGlobal_name { std::string name = std::string(3, 'x'); }; static bamboo::RankLocal<BambooGlobal_name> bambooGlobalStore_name{bamboo::beforeMain}; __attribute__((const, nothrow, noinline)) decltype(BambooGlobal_name::name) &bambooGlobal_name() { return bambooGlobalStore_name->name; } /* bamboo: one per virtual rank */
// CHECK-NEXT: {{^}}namespace { struct BambooGlobal_hidden { int hidden = counter_start(); }; } static bamboo::RankLocal<BambooGlobal_hidden> bambooGlobalStore_hidden{bamboo::beforeMain}; static __attribute__((const, nothrow, noinline)) decltype(BambooGlobal_hidden::hidden) &bambooGlobal_hidden() { return bambooGlobalStore_hidden->hidden; } /* bamboo: one per virtual rank */
// CHECK-NEXT: {{^}}namespace app {
// CHECK-NEXT: {{^}}struct BambooGlobal_steps { long steps = 2 * N; }; static bamboo::RankLocal<BambooGlobal_steps> bambooGlobalStore_steps{bamboo::beforeMain}; __attribute__((const, nothrow, noinline)) decltype(BambooGlobal_steps::steps) &bambooGlobal_steps() { return bambooGlobalStore_steps->steps; } /* bamboo: one per virtual rank */
// CHECK-NEXT: {{^}}}
// CHECK:      {{^}}int main(int, char **) __asm__("bambooMain");
// CHECK-NEXT: {{^}}#line
// CHECK-NEXT: {{^}}int main(int argc, char **argv) {
// CHECK-NEXT: {{^}}  bamboo::mpi::Init(&argc, &argv);
// CHECK-NEXT: {{^}}  bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &bambooGlobal_counter());
// CHECK-NEXT: {{^}}  bambooGlobal_grid()[bambooGlobal_counter() % N] = Pi;
// CHECK-NEXT: {{^}}  *bambooGlobal_cursor() += app::bambooGlobal_steps() + ::bambooGlobal_hidden();
// CHECK-NEXT: {{^}}  bambooGlobal_name() += "!";
// CHECK-NEXT: {{^}}  std::remove_reference_t<decltype(app::bambooGlobal_steps())> copy = app::bambooGlobal_steps();
// CHECK-NEXT: {{^}}  decltype((bambooGlobal_counter())) alias = bambooGlobal_counter();
// CHECK-NEXT: {{^}}  alias += ++copy;
// CHECK-NEXT: {{^}}  bamboo::mpi::Barrier(MPI_COMM_WORLD);
// CHECK-NEXT: {{^}}  return static_cast<int>(bambooGlobal_name().size()) - 4;
#include <mpi.h>
#include <string>
static int counter_start() { return 1; }
const int N = 8;
constexpr double Pi = 3.14;
int counter = 0;
double grid[N], *cursor = grid;
std::string name(3, 'x');
static int hidden = counter_start();
namespace app {
long steps = 2 * N;
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &counter);
  grid[counter % N] = Pi;
  *cursor += app::steps + ::hidden;
  name += "!";
  decltype(app::steps) copy = app::steps;
  decltype((counter)) alias = counter;
  alias += ++copy;
  MPI_Barrier(MPI_COMM_WORLD);
  return static_cast<int>(name.size()) - 4;
}
