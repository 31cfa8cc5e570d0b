// MPI calls in the statement of every kind of OpenMP directive are translated.
// Clang keeps such a statement in a CapturedStmt, which a walk over children()
// does not enter: the calls were left as MPI's own, and ran outside the
// virtual ranks (a wrong answer with BAMBOO_VF > 1, no diagnostic).
// RUN: %bamboo %s -o %t.cpp -- -fopenmp 2>&1 | count 0
// RUN: FileCheck %s --implicit-check-not='{{^ *MPI_(Barrier|Send|Recv)}}' < %t.cpp
// RUN: %check_compiles -fopenmp %t.cpp
// Without -fopenmp the directives are ignored, and the same calls translate.
// RUN: %bamboo %s -o %t.plain.cpp -- 2>&1 | count 0
// RUN: FileCheck %s --implicit-check-not='{{^ *MPI_(Barrier|Send|Recv)}}' < %t.plain.cpp
// CHECK-COUNT-9: {{^ *}}bamboo::mpi::Barrier(MPI_COMM_WORLD);
// CHECK: {{^ *}}bambooOlap.Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
// CHECK: {{^ *}}bambooOlap.Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
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
