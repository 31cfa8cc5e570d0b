// MPI's C++ bindings (namespace MPI, removed in MPI-3) would call MPI past the
// runtime, as one rank for the whole process: any use in the user's code is an
// error, once a line, whether it names a function, a constant, a method or a
// type. <mpi.h> declares them to C++ as mpicxx shows it; a namespace MPI of
// the user's own is the user's.
// RUN: not %bamboo %s -o %t.cpp -- 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %bamboo --explain %s -- 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
#include <mpi.h>

namespace Mine {
namespace MPI {
int twice(int X) { return 2 * X; }
} // namespace MPI
} // namespace Mine

static int rankOf(const MPI::Comm &Comm) {
  // CHECK-DAG: mpi-cxx-bindings.cpp:[[@LINE-1]]:30: error: 'MPI::Comm' belongs to MPI's C++ bindings, which MPI-3 removed; bamboo translates MPI's C functions only
  return Comm.Get_rank();
  // CHECK-DAG: mpi-cxx-bindings.cpp:[[@LINE-1]]:15: error: 'MPI::Comm::Get_rank' belongs to MPI's C++ bindings
}

int main(int argc, char **argv) {
  MPI::Init(argc, argv);
  // CHECK-DAG: mpi-cxx-bindings.cpp:[[@LINE-1]]:8: error: 'MPI::Init' belongs to MPI's C++ bindings
  int Rank = rankOf(MPI::COMM_WORLD) + Mine::MPI::twice(1);
  // CHECK-DAG: mpi-cxx-bindings.cpp:[[@LINE-1]]:26: error: 'MPI::COMM_WORLD' belongs to MPI's C++ bindings
  int Size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &Size);
  MPI::COMM_WORLD.Barrier();
  // CHECK-DAG: mpi-cxx-bindings.cpp:[[@LINE-1]]:19: error: 'MPI::Comm::Barrier' belongs to MPI's C++ bindings
  MPI_Finalize();
  return Rank + Size;
}
