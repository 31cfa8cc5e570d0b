// An MPI call bamboo cannot translate is an error only where it can run: in a
// function reached from main, from a function other files may call, or from
// one whose address is taken. In code that never runs (an unused helper of a
// shared header) it is a warning, and the call is left as it is.
// RUN: %bamboo %s -o %t.cpp -- -I%S/Inputs 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: not %bamboo %s -o %t.cpp -- -I%S/Inputs -DCALL_IT 2>&1 | FileCheck %s --check-prefix=CALLED
// CHECK-DAG: shared_window.h:4:41: warning: 'MPI_Win_fence' is not supported by bamboo (one-sided communication); it is left as it is, since no function that can run reaches it
// CHECK-DAG: untranslated-mpi-unreachable.cpp:[[@LINE+5]]:31: warning: 'MPI_Frobnicate' is an MPI function bamboo does not know; it is left as it is, since no function that can run reaches it
// CALLED: shared_window.h:4:41: error: 'MPI_Win_fence' is not supported by bamboo (one-sided communication)
// OUT: static void unused_helper() { MPI_Frobnicate(1); }
#include "mpi_newer.h"
#include "shared_window.h"
static void unused_helper() { MPI_Frobnicate(1); }
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
#ifdef CALL_IT
  fence_window(MPI_WIN_NULL);
#endif
  MPI_Finalize();
}
// Whatever the translator accepts compiles.
// RUN: %bamboo %s -o %t.accepted.cpp -- -I%S/Inputs 2> %t.warnings
// RUN: %check_compiles -I%S/Inputs %t.accepted.cpp
