// Some functions cannot be coroutines, so they cannot become tasks.
// RUN: not %bamboo %s -o %t.cpp -- 2>&1 | FileCheck %s --implicit-check-not=error:
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
