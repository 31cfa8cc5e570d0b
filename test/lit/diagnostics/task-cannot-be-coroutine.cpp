// Some functions cannot be coroutines, so they cannot become tasks.
// RUN: not %bamboo %s -o %t.cpp -- 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %bamboo --explain %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <cstdarg>
#include <mpi.h>
constexpr int sync(int x) {
  // CHECK: task-cannot-be-coroutine.cpp:[[@LINE-1]]:15: error: 'sync' becomes a task, but a constexpr function cannot be a coroutine
  if (x > 0)
    MPI_Barrier(MPI_COMM_WORLD);
  return x;
}
void log(const char *format, ...) {
  // CHECK: task-cannot-be-coroutine.cpp:[[@LINE-1]]:6: error: 'log' becomes a task, but a function with C variadic arguments cannot be a coroutine
  MPI_Barrier(MPI_COMM_WORLD);
}
static int counter;
int (*pick(int which))(int) {
  // CHECK: task-cannot-be-coroutine.cpp:[[@LINE-1]]:7: error: 'pick' becomes a task, but a function whose return type is written around its name cannot be a coroutine
  MPI_Barrier(MPI_COMM_WORLD);
  return which ? nullptr : nullptr;
}
template <class T> auto next(T x) {
  // CHECK: task-cannot-be-coroutine.cpp:[[@LINE-1]]:25: error: 'next' becomes a task, but a function template whose return type is deduced from an expression that depends on its parameters (write the return type) cannot be a coroutine
  MPI_Barrier(MPI_COMM_WORLD);
  return x + 1;
}
typedef int Checked(int) noexcept;
Checked checked;
// CHECK: task-cannot-be-coroutine.cpp:[[@LINE-1]]:9: error: 'checked' becomes a task, but a function declared through a typedef of a function type with an exception specification or qualifiers, or several names cannot be a coroutine
int checked(int x) noexcept {
  MPI_Barrier(MPI_COMM_WORLD);
  return x;
}
const int plain = 2, mixed(int);
// CHECK: task-cannot-be-coroutine.cpp:[[@LINE-1]]:22: error: 'mixed' becomes a task, but a function declared in one declaration with other names that bamboo cannot give separate declarations cannot be a coroutine
const int mixed(int x) {
  MPI_Barrier(MPI_COMM_WORLD);
  return x + plain;
}
int callAll() { return next(1) + checked(2) + mixed(3) + static_cast<int>(next(2.0)); }
