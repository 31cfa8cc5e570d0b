// Names C++ reserves are renamed bamboo_<name> wherever they name something of
// the user's (fields, parameters, functions, in macro bodies too; a macro's
// parameter may keep such a name, the preprocessor does not mind); a string
// literal glued to a macro name gets a space (C++11 would read a literal
// suffix); C's spellings of keywords become C++'s.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.cpp
// RUN: %check_compiles %t.cpp
#include <inttypes.h>
#include <mpi.h>
#include <stdio.h>
// CHECK:      struct node { int bamboo_class; struct node *bamboo_this; };
// CHECK-NEXT: #define NEW_NODE(new) ((new)->bamboo_class = 1)
// CHECK-NEXT: static int bamboo_delete(struct node *bamboo_template) { return bamboo_template->bamboo_class; }
// CHECK-NEXT: static void axpy(double *__restrict y, const double *__restrict x, int n) {
// CHECK-NEXT:   for (int i = 0; i < n; i++) y[i] += x[i];
// CHECK-NEXT: }
// CHECK-NEXT: static int first(const int v[  4]) { return v[0]; }
// CHECK-NEXT: static __attribute__((noreturn)) void stop(void) { for (;;) {} }
// CHECK-NEXT: static_assert(sizeof(int) >= 4, "int");
// CHECK-NEXT: static const bool ready = 1;
// CHECK-NEXT: static const size_t align = alignof(double);
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
// CHECK:        printf("rank %" PRId64" of %d: %d\n", (int64_t)rank, bamboo_delete(&n), first(four));
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
