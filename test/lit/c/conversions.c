// C converts implicitly where C++ wants it written: from void * (malloc, also
// through a macro), between pointer types, dropping a pointee's const, from int
// to an enum, a string literal to char *, narrowing inside braces, int + 1 back
// to an enum. The translation is C (docs/c.md): each is kept as written, with no
// cast added, and the output compiles with mpicc.
// RUN: %bamboo %s -o %t.c -- -Wno-incompatible-pointer-types-discards-qualifiers 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.c
// gcc warns of `char *unconst = name;` in this C as written (it drops a const).
// RUN: %check_compiles_c -Wno-discarded-qualifiers %t.c
#include <mpi.h>
#include <stdlib.h>
enum color { RED, GREEN, BLUE };
struct cell { int count; float weight; };
#define ALLOC(T, n) malloc((n) * sizeof(T))
// CHECK:      #define ALLOC(T, n) malloc((n) * sizeof(T))
// CHECK:      void work(int n) {
// CHECK-NEXT:   double *u = malloc(n * sizeof(double));
// CHECK-NEXT:   int *ids = ALLOC(int, n);
// CHECK-NEXT:   void *any = u;
// CHECK-NEXT:   char *bytes = any;
// CHECK-NEXT:   const char *name = "fixed";
// CHECK-NEXT:   char *writable = "editable";
// CHECK-NEXT:   char *unconst = name;
// CHECK-NEXT:   enum color c = n % 3;
// CHECK-NEXT:   enum color d = BLUE;
// CHECK-NEXT:   struct cell e = {u[0], 2.5};
// CHECK-NEXT:   short pair[2] = {1, n};
// CHECK-NEXT:   c = c + 1;
// CHECK-NEXT:   bamboo_MPI_Bcast(bytes, 1, MPI_CHAR, 0, MPI_COMM_WORLD);
// CHECK-NEXT:   (void)ids, (void)writable, (void)unconst, (void)d, (void)e, (void)pair;
// CHECK-NEXT:   free(u);
// CHECK-NEXT: }
void work(int n) {
  double *u = malloc(n * sizeof(double));
  int *ids = ALLOC(int, n);
  void *any = u;
  char *bytes = any;
  const char *name = "fixed";
  char *writable = "editable";
  char *unconst = name;
  enum color c = n % 3;
  enum color d = BLUE;
  struct cell e = {u[0], 2.5};
  short pair[2] = {1, n};
  c = c + 1;
  MPI_Bcast(bytes, 1, MPI_CHAR, 0, MPI_COMM_WORLD);
  (void)ids, (void)writable, (void)unconst, (void)d, (void)e, (void)pair;
  free(u);
}
