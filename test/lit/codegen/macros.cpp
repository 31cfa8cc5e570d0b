// Macros: a use that is the whole of a call, a type or an initializer is edited
// around the use; a token of a body that every use of the macro translates the
// same way (an MPI call's name, a global's accessor) is edited in the body,
// once; a call in a macro's argument where it is written.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.cpp
// RUN: %check_compiles %t.cpp
#include <mpi.h>
// CHECK:      #define SYNC() bamboo::mpi::Barrier(MPI_COMM_WORLD)
// CHECK-NEXT: #define CHECK(call) do { if ((call) != MPI_SUCCESS) bamboo::mpi::Abort(MPI_COMM_WORLD, 1); } while (0)
// CHECK-NEXT: #define BUMP() (++bambooGlobal_steps())
// CHECK-NEXT: #define FLAG bool
#define SYNC() MPI_Barrier(MPI_COMM_WORLD)
#define CHECK(call) do { if ((call) != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, 1); } while (0)
#define BUMP() (++steps)
#define FLAG bool
int steps = 0;
// CHECK:      FLAG settled(int x) {
// CHECK-NEXT:   CHECK(SYNC());
// CHECK-NEXT:   CHECK(bamboo::mpi::Barrier(MPI_COMM_WORLD));
// CHECK-NEXT:   return BUMP() > x;
FLAG settled(int x) {
  CHECK(SYNC());
  CHECK(MPI_Barrier(MPI_COMM_WORLD));
  return BUMP() > x;
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int steps = 3; // hides the global here: BUMP() is not used in this function
  bool done = settled(steps);
  MPI_Finalize();
  return done;
}
