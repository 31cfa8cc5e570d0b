// A library function (here std::for_each, or std::function's call operator)
// that calls back into user code reaching a waiting MPI call would have to
// become a task itself.
// RUN: not %bamboo %s -- -std=c++20 2>&1 | FileCheck %s --implicit-check-not=error:
#include <algorithm>
#include <functional>
#include <mpi.h>
#include <vector>

void f(std::vector<int> &peers, double *u) {
  std::for_each(peers.begin(), peers.end(), [&](int p) {
    MPI_Recv(u, 1, MPI_DOUBLE, p, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  });
  // CHECK: library-call-waits.cpp:[[@LINE-3]]:3: error: call to 'std::for_each' reaches 'MPI_Recv' through library code, which bamboo cannot make a task
  // CHECK: note: 'std::for_each' calls 'lambda at {{.*}}library-call-waits.cpp:11:45' here
  // CHECK: library-call-waits.cpp:12:5: note: 'lambda at {{.*}}library-call-waits.cpp:11:45' calls 'MPI_Recv' here
  // A lambda called directly is a function like any other.
  auto get = [&](int p) {
    MPI_Recv(u, 1, MPI_DOUBLE, p, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  };
  get(peers[0]);
  std::function<void(int)> later = get;
  later(peers[1]);
  // CHECK: library-call-waits.cpp:[[@LINE-1]]:3: error: call to 'std::function::operator()' reaches 'MPI_Recv' through library code, which bamboo cannot make a task
}
