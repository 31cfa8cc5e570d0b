// Privatized globals and statics in the shapes real C codes write them, in C
// (docs/c.md): several names in one declaration (each its own image, rank-local
// variable and accessor on the declaration's line), an initializer without
// blanks, a static local (its image and rank-local variable in the function,
// made at its first use), a global as a VLA's bound and in a cast, a global
// whose initializer takes another one's address (evaluated per rank, in an
// initializer function). The output compiles with mpicc, and the program prints
// what mpicc's build prints, on every virtual rank.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/privatization.c -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t/privatization.c
// RUN: %check_compiles_c %t/privatization.c
// RUN: %bamboo_cxx %s -o %t/app
// RUN: env BAMBOO_VF=2 %mpiexec -n 1 %t/app | sort | FileCheck %s --check-prefix=OUT
//
// CHECK:      static double bambooImage_eps, bambooImage_half; static bamboo_rank_local bambooLocal_eps = BAMBOO_RANK_LOCAL(sizeof bambooImage_eps, __alignof__(bambooImage_eps), 0, 0); static __attribute__((const)) __typeof__(bambooImage_eps) *bambooGlobal_eps(void) { return (__typeof__(bambooImage_eps) *)bamboo_rank_local_get(&bambooLocal_eps); } static bamboo_rank_local bambooLocal_half = BAMBOO_RANK_LOCAL(sizeof bambooImage_half, __alignof__(bambooImage_half), 0, 0); static __attribute__((const)) __typeof__(bambooImage_half) *bambooGlobal_half(void) { return (__typeof__(bambooImage_half) *)bamboo_rank_local_get(&bambooLocal_half); } /* bamboo: one per virtual rank */
// CHECK-NEXT: static int bambooImage_n = 4; static bamboo_rank_local bambooLocal_n = BAMBOO_RANK_LOCAL(sizeof bambooImage_n, __alignof__(bambooImage_n), &bambooImage_n, 0); static __attribute__((const)) __typeof__(bambooImage_n) *bambooGlobal_n(void) { return (__typeof__(bambooImage_n) *)bamboo_rank_local_get(&bambooLocal_n); } /* bamboo: one per virtual rank */
// CHECK-NEXT: static double *bambooImage_where ; static void bambooInit_where(void *P); static bamboo_rank_local bambooLocal_where = BAMBOO_RANK_LOCAL(sizeof bambooImage_where, __alignof__(bambooImage_where), 0, bambooInit_where); static __attribute__((const)) __typeof__(bambooImage_where) *bambooGlobal_where(void) { return (__typeof__(bambooImage_where) *)bamboo_rank_local_get(&bambooLocal_where); } static void bambooInit_where(void *P) { __typeof__(bambooImage_where) bambooValue = &(*bambooGlobal_half()); __builtin_memcpy(P, &bambooValue, sizeof bambooValue); } /* bamboo: one per virtual rank */
// CHECK-NEXT: int count(void) {
// CHECK-NEXT:   static int bambooImage_first=1; static bamboo_rank_local bambooLocal_first = BAMBOO_RANK_LOCAL(sizeof bambooImage_first, __alignof__(bambooImage_first), &bambooImage_first, 0);
// CHECK-NEXT:   if ((*(__typeof__(bambooImage_first) *)bamboo_rank_local_get(&bambooLocal_first))) { (*(__typeof__(bambooImage_first) *)bamboo_rank_local_get(&bambooLocal_first)) = 0; return 1; }
// CHECK:        double a[(*bambooGlobal_n())];
// CHECK-NEXT:   for (int i = 0; i < (*bambooGlobal_n()); ++i) a[i] = i * (*bambooGlobal_eps());
// CHECK-NEXT:   return a[(*bambooGlobal_n()) - 1] + (*bambooGlobal_half()) + (double)(int)(*bambooGlobal_n());
// CHECK:        (*bambooGlobal_eps()) = 0.5; (*bambooGlobal_half()) = 0.25;
// CHECK-NEXT:   int first = count(), second = count();
// CHECK:        *(*bambooGlobal_where()) += rank;
// CHECK:      __attribute__((constructor)) static void bambooRegisterGlobals(void) { bamboo_rank_local_register(&bambooLocal_eps); bamboo_rank_local_register(&bambooLocal_half); bamboo_rank_local_register(&bambooLocal_n); bamboo_rank_local_register(&bambooLocal_where); }
// OUT:      1 0 5.750000
// OUT-NEXT: 1 0 5.750000
// OUT-NEXT: half 0.250000
// OUT-NEXT: half 1.250000
#include <mpi.h>
#include <stdio.h>
static double eps, half;
static int n = 4;
static double *where = &half;
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
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  *where += rank;
  printf("half %f\n", half);
  MPI_Finalize();
  return 0;
}
