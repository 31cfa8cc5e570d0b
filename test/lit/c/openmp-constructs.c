// MPI calls in the statement of every kind of OpenMP directive are translated.
// Clang keeps such a statement in a CapturedStmt, which a walk over children()
// does not enter: the calls were left as MPI's own, and ran outside the
// virtual ranks (a wrong answer with BAMBOO_VF > 1, no diagnostic). The
// translation is C (docs/c.md): the calls become the runtime's C functions
// (bamboo_MPI_X; in an olap region, the region's bamboo_region_MPI_X between
// bamboo_region_open and bamboo_region_complete), and it compiles with
// mpicc -fopenmp.
// RUN: %bamboo %s -o %t.c -- -fopenmp 2>&1 | count 0
// RUN: FileCheck %s --implicit-check-not='{{^ *MPI_(Barrier|Send|Recv)}}' < %t.c
// RUN: %check_compiles_c -fopenmp %t.c
// Without -fopenmp the directives are ignored, and the same calls translate.
// RUN: %bamboo %s -o %t.plain.c -- 2>&1 | count 0
// RUN: FileCheck %s --implicit-check-not='{{^ *MPI_(Barrier|Send|Recv)}}' < %t.plain.c
// gcc -Wall warns of the omp pragmas it ignores, in this C as written too.
// RUN: %check_compiles_c -Wno-unknown-pragmas %t.plain.c
// CHECK-COUNT-9: {{^ *}}bamboo_MPI_Barrier(MPI_COMM_WORLD);
// CHECK: {{^ *}}{ bamboo_region *bambooOlap = bamboo_region_open(0);
// CHECK-NEXT: {{^ *}}bamboo_region_MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
// CHECK-NEXT: {{^ *}}bamboo_region_MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
// CHECK-NEXT: {{^ *}}bamboo_region_complete(bambooOlap); }
#include <mpi.h>
void constructs(int n) {
#pragma omp parallel
  MPI_Barrier(MPI_COMM_WORLD);
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    MPI_Barrier(MPI_COMM_WORLD);
#pragma omp parallel
  {
#pragma omp single
    MPI_Barrier(MPI_COMM_WORLD);
#pragma omp master
    MPI_Barrier(MPI_COMM_WORLD);
#pragma omp critical
    MPI_Barrier(MPI_COMM_WORLD);
#pragma omp task
    MPI_Barrier(MPI_COMM_WORLD);
#pragma omp sections
    {
#pragma omp section
      MPI_Barrier(MPI_COMM_WORLD);
#pragma omp section
      MPI_Barrier(MPI_COMM_WORLD);
    }
  }
#pragma omp parallel for simd
  for (int i = 0; i < n; ++i)
    MPI_Barrier(MPI_COMM_WORLD);
}
void region(void) {
  int x = 1, y = 0;
#pragma omp parallel
  {
#pragma omp master
    {
#pragma bamboo olap
      {
        MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
    }
  }
}
