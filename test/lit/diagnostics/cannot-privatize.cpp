// Variables that bamboo cannot give each virtual rank its own copy of.
// RUN: not %bamboo %s -o %t.cpp -- 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %bamboo --explain %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>
extern int total;
int total = 0;
extern int sizes[];
int sizes[4] = {1, 2, 3, 4};
// CHECK-DAG: cannot-privatize.cpp:[[@LINE-2]]:12: error: cannot give each virtual rank its own 'sizes': its declarations have different types (an array of unknown bound?)
template <class T> T zero = T();
// CHECK-DAG: cannot-privatize.cpp:[[@LINE-1]]:22: error: cannot give each virtual rank its own 'zero': variable templates are not supported
template <class T> struct Box {
  static T made;
  // CHECK-DAG: cannot-privatize.cpp:[[@LINE-1]]:12: error: cannot give each virtual rank its own 'made': static data members of class templates are not supported
};
template <class T> T Box<T>::made = T();
decltype(auto) current() {
  return total;
  // CHECK-DAG: cannot-privatize.cpp:[[@LINE-1]]:10: error: cannot give each virtual rank its own 'total': decltype(auto) deduced from its name would become a reference to the rank's instance; write its type
}
int f(int n) {
  static int table[3] = {n, 2, 3};
  // CHECK-DAG: cannot-privatize.cpp:[[@LINE-1]]:14: error: cannot give each virtual rank its own 'table': a static local array whose initializer is not a constant is not supported
  MPI_Barrier(MPI_COMM_WORLD);
  return table[n % 3] + total + sizes[n] + zero<int> + Box<int>::made;
}
// A lambda that captures has state, and its type no name to hold a rank's copy.
auto counter = [n = 0]() mutable { return ++n; };
// CHECK-DAG: cannot-privatize.cpp:[[@LINE-1]]:6: error: cannot give each virtual rank its own 'counter': a variable of a lambda's type that captures is not supported
int g() { return counter(); }
