// A lambda that reaches a waiting MPI call but is run from code bamboo does
// not see (here by a thread, from inside the C++ library) cannot become a
// task. Lambdas called directly, or through user templates, are fine.
// RUN: not %bamboo %s -- -std=c++20 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>
#include <thread>

template <typename F> void twice(F f) { f(); f(); }

void f(int *x) {
  std::thread t([x] { MPI_Send(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); });
  // CHECK: lambda-not-called.cpp:[[@LINE-1]]:17: error: lambda reaches 'MPI_Send', which waits, but is called only from code bamboo cannot see; it cannot become a task
  // CHECK: lambda-not-called.cpp:[[@LINE-2]]:23: note: 'lambda at {{.*}}lambda-not-called.cpp:11:17' calls 'MPI_Send' here
  t.join();
  twice([x] { MPI_Send(x, 1, MPI_INT, 0, 1, MPI_COMM_WORLD); });
}
