// main(argc, argv, envp) cannot be started by the runtime.
// RUN: not %bamboo %s -o %t.cpp -- 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %bamboo --explain %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>
int main(int argc, char **argv, char **envp) {
  // CHECK: main-signature.cpp:[[@LINE-1]]:5: error: main with 3 parameters is not supported; expected main() or main(int, char **)
  MPI_Init(&argc, &argv);
  MPI_Finalize();
  return envp ? 0 : 1;
}
