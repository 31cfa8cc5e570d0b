// -p reads the flags from compile_commands.json: here a -D without which the
// file does not compile.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %s %t/prog.cpp
// RUN: echo '[{"directory": "%/t", "file": "%/t/prog.cpp",' > %t/compile_commands.json
// RUN: echo ' "command": "c++ -std=c++20 -DHALO_TAG=5 -c prog.cpp -o prog.o"}]' >> %t/compile_commands.json
// RUN: %bamboo -p %t --explain %t/prog.cpp | FileCheck %s
// Without the database the macro is missing.
// RUN: not %bamboo %t/prog.cpp -- 2>&1 | FileCheck %s --check-prefix=NODB
#include <mpi.h>

void f(double *u, int peer) {
#pragma bamboo olap
  MPI_Recv(u, 1, MPI_DOUBLE, peer, HALO_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
// CHECK: prog.cpp:13:1: olap region in 'f'
// CHECK: MPI_Recv from peer tag HALO_TAG on MPI_COMM_WORLD
// NODB: error: use of undeclared identifier 'HALO_TAG'
