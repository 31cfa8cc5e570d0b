// A kernel's loop over a privatized global array reads the rank's instance
// once, not at every element: the accessors and bamboo_rank_local_get are
// `const` to the compiler (bamboo/c.h). Without it a C kernel over global
// arrays ran 15x slower translated. The global defined in this file and the
// one declared extern (defined in another file) alike.
// RUN: %bamboo %s -o %t.c -- 2>&1 | count 0
// RUN: %mpicc -O2 -S -I%runtime_include %t.c -o - | FileCheck %s
#include <mpi.h>

double grid[1000];
extern double weights[1000];

double kernel(int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += grid[i] * weights[i];
  return sum;
}
// Both calls come before the loop, whose body calls nothing:
// CHECK-LABEL: kernel:
// CHECK:       call{{.*}}bamboo_rank_local_get
// CHECK:       call{{.*}}bambooGlobal_weights
// CHECK:       {{^}}.L[[LOOP:[0-9]+]]:
// CHECK-NOT:   call
// CHECK:       j{{[a-z]+}} .L[[LOOP]]{{$}}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  double s = kernel(10);
  MPI_Finalize();
  return s > 0;
}
