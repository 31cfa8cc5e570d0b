// Names and spellings C++ reads otherwise, kept as written since the translation
// is C (docs/c.md): C++'s keywords as the user's names (fields, parameters,
// functions, in macro bodies and a macro's parameter), none renamed; a string
// literal glued to a macro name ("%"PRId64, a literal suffix in C++11); C's
// spellings restrict, [static 4], _Noreturn, _Static_assert, _Bool, _Alignof.
// The output compiles with mpicc.
// RUN: %bamboo %s -o %t.c -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines --implicit-check-not='bamboo_{{(class|this|delete|template|new)}}' < %t.c
// RUN: %check_compiles_c %t.c
#include <inttypes.h>
#include <mpi.h>
#include <stdio.h>
// CHECK:      struct node { int class; struct node *this; };
// CHECK-NEXT: #define NEW_NODE(new) ((new)->class = 1)
// CHECK-NEXT: static int delete(struct node *template) { return template->class; }
// CHECK-NEXT: static void axpy(double *restrict y, const double *restrict x, int n) {
// CHECK-NEXT:   for (int i = 0; i < n; i++) y[i] += x[i];
// CHECK-NEXT: }
// CHECK-NEXT: static int first(const int v[static 4]) { return v[0]; }
// CHECK-NEXT: static _Noreturn void stop(void) { for (;;) {} }
// CHECK-NEXT: _Static_assert(sizeof(int) >= 4, "int");
// CHECK-NEXT: static const _Bool ready = 1;
// CHECK-NEXT: static const size_t align = _Alignof(double);
struct node { int class; struct node *this; };
#define NEW_NODE(new) ((new)->class = 1)
static int delete(struct node *template) { return template->class; }
static void axpy(double *restrict y, const double *restrict x, int n) {
  for (int i = 0; i < n; i++) y[i] += x[i];
}
static int first(const int v[static 4]) { return v[0]; }
static _Noreturn void stop(void) { for (;;) {} }
_Static_assert(sizeof(int) >= 4, "int");
static const _Bool ready = 1;
static const size_t align = _Alignof(double);
// CHECK:        NEW_NODE(&n);
// CHECK:        printf("rank %"PRId64" of %d: %d\n", (int64_t)rank, delete(&n), first(four));
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, four[4] = {1, 2, 3, 4};
  struct node n;
  NEW_NODE(&n);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double y[2] = {0, 0}, x[2] = {1, 2};
  axpy(y, x, 2);
  printf("rank %"PRId64" of %d: %d\n", (int64_t)rank, delete(&n), first(four));
  if (!ready || !align) stop();
  MPI_Finalize();
  return 0;
}
