// `#pragma omp threadprivate(x)` asks for one x per thread of every OpenMP
// team. A rank's instance of a privatized global is shared by the rank's team,
// so the translation would share what the program keeps apart: a located error,
// in translation and in --explain (the emitted pragma also named a variable
// that no longer exists, and gcc's error pointed at it).
// RUN: not %bamboo %s -o %t.c -- -fopenmp 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %bamboo --explain %s -- -fopenmp 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>
#include <stdio.h>
int counter, seed;
#pragma omp threadprivate(counter, seed)
// CHECK: threadprivate.c:[[@LINE-1]]:27: error: cannot give each virtual rank its own 'counter': it is OpenMP threadprivate, one per thread of every team, and one instance per thread of a rank's team is not supported
// CHECK: threadprivate.c:[[@LINE-2]]:36: error: cannot give each virtual rank its own 'seed': it is OpenMP threadprivate
int main(int argc, char **argv) {
  int total = 0;
  MPI_Init(&argc, &argv);
#pragma omp parallel reduction(+ : total)
  total += ++counter;
  printf("%d\n", total);
  MPI_Finalize();
  return 0;
}
