// A C file that defines a feature-test macro before its first #include and
// reaches <mpi.h> only through a header gets the runtime's header before that
// #include, after the macro, so that the macro still comes before every system
// header (no "_POSIX_C_SOURCE redefined"); a #line keeps the lines' numbers.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s --output-dir %t -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t/feature-test-macros.c
// RUN: %check_compiles_c -I%t/Inputs %t/feature-test-macros.c
// RUN: %bamboo %s --line-directives --output-dir %t/lines -- 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=LINES --match-full-lines < %t/lines/feature-test-macros.c
//
// A file whose code comes before its first #include gets it as a first line.
// RUN: %bamboo %S/Inputs/code-before-include.c --output-dir %t/code -- 2>&1 | count 0
// RUN: head -n 2 %t/code/code-before-include.c | FileCheck %s --check-prefix=CODE --match-full-lines
// CODE:      #include <bamboo/bamboo.h> // bamboo: the runtime (it includes <mpi.h>)
// CODE-NEXT: #line 1

/* The macro comes first, as glibc asks. */
#define _POSIX_C_SOURCE 200112L
#if 1
#include <stdio.h>
#include "Inputs/feature-test.h"
#endif

int counter;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  printf("rank %d: %d\n", rank, counter + rank);
  MPI_Finalize();
  return 0;
}

// CHECK:      #define _POSIX_C_SOURCE 200112L
// CHECK-NEXT: #if 1
// CHECK-NEXT: #include <bamboo/bamboo.h> // bamboo: the runtime (it includes <mpi.h>)
// CHECK-NEXT: #line 21
// CHECK-NEXT: #include <stdio.h>
// LINES:      #line 1 "{{.*}}feature-test-macros.c"
// LINES:      #include <bamboo/bamboo.h> // bamboo: the runtime (it includes <mpi.h>)
// LINES-NEXT: #line 21 "{{.*}}feature-test-macros.c"
// LINES-NEXT: #include <stdio.h>
