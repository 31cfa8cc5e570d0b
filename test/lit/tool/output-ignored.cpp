// -o is accepted; until code generation lands it only runs the analysis, says
// so, and writes nothing.
// RUN: rm -f %t.out.cpp
// RUN: %bamboo %s -o %t.out.cpp -- 2>&1 | FileCheck %s
// RUN: not test -e %t.out.cpp
// CHECK: bamboo: warning: code generation is not implemented yet; '-o {{.*}}.out.cpp' is ignored
#include <mpi.h>
int main() { return 0; }
