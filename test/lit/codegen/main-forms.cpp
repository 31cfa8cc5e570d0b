// main keeps its name and its text; only its symbol changes (bambooMain), on
// its first declaration: a line before the definition, after which #line
// numbers the definition as in the input, or the user's own prototype. A generated entry point, whose symbol is main, starts the runtime
// with it. Falling off the end of main still returns 0: it is still main.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
// RUN: %bamboo_cxx %s -o %t.app
// RUN: env BAMBOO_VF=2 %mpiexec -n 1 %t.app
// RUN: not env BAMBOO_VF=2 %mpiexec -n 1 %t.app 1 2 3 4 5
// RUN: %bamboo %S/Inputs/main-without-args.cpp -o %t2.cpp --
// RUN: FileCheck %s --check-prefix=NOARGS < %t2.cpp
// RUN: %check_compiles %t2.cpp
// RUN: %bamboo %S/Inputs/main-declared.c -o %t3.c --
// RUN: FileCheck %s --check-prefix=DECLARED < %t3.c
// RUN: %check_compiles_c -Wredundant-decls %t3.c
//
// CHECK:      {{^}}int main(int, char **) __asm__("bambooMain");
// CHECK-NEXT: {{^}}#line [[#@LINE+25]]
// CHECK-NEXT: {{^}}int main(int argc, char *argv[]) {
// CHECK-NEXT: {{^}}  bamboo::mpi::Init(&argc, &argv);
// CHECK-NEXT: {{^}}  if (argc > 5)
// CHECK-NEXT: {{^}}    return 2;
// CHECK-NEXT: {{^}}  bamboo::mpi::Finalize();
// CHECK-NEXT: {{^}}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}// bamboo: every virtual rank runs main (main-forms.cpp:[[#@LINE+17]]) on a stack of its own; the program starts here.
// CHECK-NEXT: {{^}}int bambooRankMain(int, char **) __asm__("bambooMain");
// CHECK-NEXT: {{^}}int bambooStart(int argc, char **argv) __asm__("main");
// CHECK-NEXT: {{^}}int bambooStart(int argc, char **argv) { return bamboo::run(argc, argv, bambooRankMain); }
// NOARGS:      {{^}}int main() __asm__("bambooMain");
// NOARGS-NEXT: {{^}}#line 3
// NOARGS-NEXT: {{^}}int main() {
// NOARGS: {{^}}int bambooRankMain() __asm__("bambooMain");
// NOARGS: {{^}}int bambooStart(int argc, char **argv) { return bamboo::run(argc, argv, [](int, char **) { return bambooRankMain(); }); }
// DECLARED:      {{^}}int main(void) __asm__("bambooMain");
// DECLARED-NEXT: {{^}}int main(void) {
// DECLARED:      {{^}}int bambooRankMain(void) __asm__("bambooMain");
// DECLARED-NEXT: {{^}}static int bambooMainWithArguments(int argc, char **argv) { (void)argc; (void)argv; return bambooRankMain(); }
// DECLARED-NEXT: {{^}}int bambooStart(int argc, char **argv) __asm__("main");
// DECLARED-NEXT: {{^}}int bambooStart(int argc, char **argv) { return bamboo_run(argc, argv, bambooMainWithArguments); }
#include <mpi.h>

int main(int argc, char *argv[]) {
  MPI_Init(&argc, &argv);
  if (argc > 5)
    return 2;
  MPI_Finalize();
}
