// Privatized globals and statics in the shapes real C codes write them: several
// names in one declaration, an initializer without blanks, a global as a VLA's
// bound and in a cast. The translation then prints what mpicc's build prints.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/privatization.cpp -- 2>&1 | count 0
// RUN: FileCheck %s < %t/privatization.cpp
// RUN: %check_compiles %t/privatization.cpp
// RUN: %bamboo_cxx %s -o %t/app
// RUN: env BAMBOO_VF=2 %mpiexec -n 1 %t/app | FileCheck %s --check-prefix=OUT
//
// CHECK: namespace { struct BambooGlobal_eps { double eps, half; }; } static bamboo::RankLocal<BambooGlobal_eps> {{.*}} &bambooGlobal_eps() {{.*}} &bambooGlobal_half() {{.*}}
// CHECK: int &first= bambooStatic_first.once([&]() -> int { return 1; });
// CHECK: double a[bambooGlobal_n()];
// CHECK: return a[bambooGlobal_n() - 1] + bambooGlobal_half() + (double)(int)bambooGlobal_n();
// OUT-COUNT-2: {{^}}1 0 5.750000
#include <mpi.h>
#include <stdio.h>
static double eps, half;
static int n = 4;
int count(void) {
  static int first=1;
  if (first) { first = 0; return 1; }
  return 0;
}
double scaled(void) {
  double a[n];
  for (int i = 0; i < n; ++i) a[i] = i * eps;
  return a[n - 1] + half + (double)(int)n;
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  eps = 0.5; half = 0.25;
  int first = count(), second = count();
  printf("%d %d %f\n", first, second, scaled());
  MPI_Finalize();
  return 0;
}
