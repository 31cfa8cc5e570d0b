// A kernel's loop over a privatized global array calls its accessor once, not
// at every element: the accessors are `const` and `nothrow` to the compiler,
// and defined out of line (docs/decisions.md). Without it a C++ kernel over
// global arrays ran 5-9x slower translated. The global defined in this file
// and the one declared extern (defined in another file) alike, also in a loop
// that writes through them.
// RUN: %bamboo %s -o %t.cpp -- -std=c++20 2>&1 | count 0
// RUN: %mpicxx -std=c++20 -O2 -S -I%runtime_include %t.cpp -o - | FileCheck %s
#include <mpi.h>

double grid[1000];
extern double weights[1000];

void kernel(int n) {
  for (int i = 0; i < n; ++i)
    grid[i] = grid[i] * weights[i];
}
// Both calls come before the loop, whose body calls nothing:
// CHECK-LABEL: _Z6kerneli:
// CHECK:       call{{.*}}bambooGlobal_
// CHECK:       call{{.*}}bambooGlobal_
// CHECK:       {{^}}.L[[LOOP:[0-9]+]]:
// CHECK-NOT:   call
// CHECK:       j{{[a-z]+}} .L[[LOOP]]{{$}}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  kernel(10);
  MPI_Finalize();
  return 0;
}
