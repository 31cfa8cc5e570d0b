// A translated C file is one extern "C" block, so its functions and variables
// keep C's symbol names; the runtime's header protects itself. A function that
// waits keeps C's linkage and its declarations as written: a caller in another
// file, translated or not, calls it as before.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.cpp
// RUN: %check_compiles %t.cpp
// CHECK:      extern "C" { // bamboo: C, translated into C++; C's symbol names
// CHECK-NEXT: #pragma GCC diagnostic ignored "-Wmissing-field-initializers"
// CHECK-NEXT: #line 1
// CHECK-NEXT: // A translated C file is one extern "C" block, so its functions and variables
// CHECK:      #include <bamboo/bamboo.h> // bamboo: the runtime (it includes <mpi.h>)
// CHECK-NEXT: int exchange(int value);
// CHECK-NEXT: int plain(int value) { return value + 1; }
// CHECK-NEXT: int exchange(int value) {
// CHECK:      static int bambooMain(int argc, char **argv) {
// CHECK:        return r - 2;
// CHECK-NEXT: }
// CHECK-NEXT: } // extern "C"
// CHECK-EMPTY:
// CHECK-NEXT: // bamboo: every virtual rank runs main (linkage.c:[[@LINE+11]]), now bambooMain, each on a stack of its own.
// CHECK-NEXT: int main(int argc, char **argv) { return bamboo::run(argc, argv, bambooMain); }
#include <mpi.h>
int exchange(int value);
int plain(int value) { return value + 1; }
int exchange(int value) {
  int got;
  MPI_Sendrecv(&value, 1, MPI_INT, 0, 0, &got, 1, MPI_INT, 0, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  return got;
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int r = exchange(plain(1));
  MPI_Finalize();
  return r - 2;
}
