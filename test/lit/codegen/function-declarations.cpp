// Functions that wait keep every declaration as written, in every form C++
// allows, also those a coroutine could not have: a trailing return type, a
// typedef of the function type (with noexcept), several names in one
// declaration (with a variable), a return type written around the name,
// C variadic arguments, constexpr, and a template whose deduced return type
// depends on its parameters. Only the MPI calls change.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      auto trailing(int x) -> int { bamboo::mpi::Barrier(MPI_COMM_WORLD); return x; }
// CHECK-NEXT: typedef int Unary(int) noexcept;
// CHECK-NEXT: static Unary throughTypedef;
// CHECK-NEXT: static Unary plain;
// CHECK-NEXT: static int total(int), twice(int), thrice(int);
// CHECK-NEXT: static const int base = 1, waitsToo(int);
// CHECK-NEXT: static int throughTypedef(int x) noexcept { bamboo::mpi::Barrier(MPI_COMM_WORLD); return x; }
// CHECK:      static int (*pick(int which))(int) {
// CHECK-NEXT:   bamboo::mpi::Barrier(MPI_COMM_WORLD);
// CHECK:      static int sumAll(int n, ...) {
// CHECK:          bamboo::mpi::Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
// CHECK:      constexpr int square(int x) {
// CHECK-NEXT:   if (x < 0)
// CHECK-NEXT:     bamboo::mpi::Abort(MPI_COMM_WORLD, 1);
// CHECK:      template <class T> auto count(T x) {
// CHECK-NEXT:   bamboo::mpi::Barrier(MPI_COMM_WORLD);
// CHECK-NEXT:   return x + 1;
// CHECK:      {{^}}int main() __asm__("bambooMain");
// CHECK-NEXT: {{^}}#line [[#@LINE+41]]
// CHECK-NEXT: {{^}}int main() {
#include <cstdarg>
#include <mpi.h>
auto trailing(int x) -> int { MPI_Barrier(MPI_COMM_WORLD); return x; }
typedef int Unary(int) noexcept;
static Unary throughTypedef;
static Unary plain;
static int total(int), twice(int), thrice(int);
static const int base = 1, waitsToo(int);
static int throughTypedef(int x) noexcept { MPI_Barrier(MPI_COMM_WORLD); return x; }
static int plain(int x) noexcept { return x; }
static int total(int x) { MPI_Barrier(MPI_COMM_WORLD); return x; }
static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }
static const int waitsToo(int x) { MPI_Barrier(MPI_COMM_WORLD); return x; }
static int (*pick(int which))(int) {
  MPI_Barrier(MPI_COMM_WORLD);
  return which ? twice : thrice;
}
static int sumAll(int n, ...) {
  va_list args;
  va_start(args, n);
  int sum = 0;
  for (int i = 0; i < n; ++i) {
    int x = va_arg(args, int);
    MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    sum += x;
  }
  va_end(args);
  return sum;
}
constexpr int square(int x) {
  if (x < 0)
    MPI_Abort(MPI_COMM_WORLD, 1);
  return x * x;
}
template <class T> auto count(T x) {
  MPI_Barrier(MPI_COMM_WORLD);
  return x + 1;
}
int main() {
  static_assert(square(3) == 9);
  int sum = trailing(1) + throughTypedef(2) + plain(3) + total(4) + pick(1)(5) + base +
            waitsToo(8) + count(9) + static_cast<int>(count(10.0)) + sumAll(2, 1, 2) +
            square(trailing(0));
  return sum == 0;
}
