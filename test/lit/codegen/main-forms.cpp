// main becomes bambooMain, a plain function: its returns stay, `return 0;`
// where it falls off its end, and a generated main starts the runtime with it.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
// RUN: %bamboo %S/Inputs/main-without-args.cpp -o %t2.cpp --
// RUN: FileCheck %s --check-prefix=NOARGS < %t2.cpp
// RUN: %check_compiles %t2.cpp
//
// CHECK:      {{^}}static int bambooMain(int argc, char *argv[]) {
// CHECK-NEXT: {{^}}  bamboo::mpi::Init(&argc, &argv);
// CHECK-NEXT: {{^}}  if (argc > 5)
// CHECK-NEXT: {{^}}    return 2;
// CHECK-NEXT: {{^}}  bamboo::mpi::Finalize(); return 0;
// CHECK-NEXT: {{^}}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}// bamboo: every virtual rank runs main (main-forms.cpp:[[#@LINE+6]]), now bambooMain, each on a stack of its own.
// CHECK-NEXT: {{^}}int main(int argc, char **argv) { return bamboo::run(argc, argv, bambooMain); }
// NOARGS: {{^}}static int bambooMain() {
// NOARGS: {{^}}int main(int argc, char **argv) { return bamboo::run(argc, argv, [](int, char **) { return bambooMain(); }); }
#include <mpi.h>

int main(int argc, char *argv[]) {
  MPI_Init(&argc, &argv);
  if (argc > 5)
    return 2;
  MPI_Finalize();
}
