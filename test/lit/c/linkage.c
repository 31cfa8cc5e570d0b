// The translation of a C file is C (docs/c.md), compiled by mpicc: no extern
// "C" block, no #line or #pragma before the user's text (its first line is the
// file's first line), so its functions and variables have C's symbol names as
// they are. A function that waits keeps its declarations as written: a caller in
// another file, translated or not, calls it as before. main keeps its name, and
// its symbol becomes bambooMain; the epilogue's entry point (symbol main) runs
// it on every virtual rank.
// RUN: %bamboo %s -o %t.c -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines --implicit-check-not='extern{{ +}}"C"' --implicit-check-not='{{^#(line|pragma)}}' < %t.c
// RUN: head -n 1 %t.c | FileCheck %s --match-full-lines --check-prefix=FIRST
// RUN: %check_compiles_c %t.c
// RUN: %mpicc -I%runtime_include -c %t.c -o %t.o
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=SYMBOLS --implicit-check-not='{{ _Z}}'
// FIRST:      // The translation of a C file is C (docs/c.md), compiled by mpicc: no extern
// CHECK:      #include <bamboo/bamboo.h> // bamboo: the runtime (it includes <mpi.h>)
// CHECK-NEXT: int exchange(int value);
// CHECK-NEXT: int plain(int value) { return value + 1; }
// CHECK-NEXT: int exchange(int value) {
// CHECK-NEXT:   int got;
// CHECK-NEXT:   bamboo_MPI_Sendrecv(&value, 1, MPI_INT, 0, 0, &got, 1, MPI_INT, 0, 0, MPI_COMM_WORLD,
// CHECK:      int main(int, char **) __asm__("bambooMain");
// CHECK-NEXT: #line [[#@LINE+24]]
// CHECK-NEXT: int main(int argc, char **argv) {
// CHECK:        return r - 2;
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // bamboo: every virtual rank runs main (linkage.c:[[@LINE+19]]) on a stack of its own; the program starts here.
// CHECK-NEXT: int bambooRankMain(int, char **) __asm__("bambooMain");
// CHECK-NEXT: int bambooStart(int argc, char **argv) __asm__("main");
// CHECK-NEXT: int bambooStart(int argc, char **argv) { return bamboo_run(argc, argv, bambooRankMain); }
// SYMBOLS-DAG: {{^[0-9a-f]+}} T exchange
// SYMBOLS-DAG: {{^[0-9a-f]+}} T plain
// SYMBOLS-DAG: {{^[0-9a-f]+}} T bambooMain
// SYMBOLS-DAG: {{^[0-9a-f]+}} T main
// SYMBOLS-DAG: U bamboo_MPI_Sendrecv
// SYMBOLS-DAG: U bamboo_run
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
