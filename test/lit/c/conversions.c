// C converts implicitly where C++ wants it written: from void * (malloc), between
// pointer types, dropping a pointee's const, from int to an enum, a string
// literal to char *, and narrowing inside braces. Each becomes an explicit cast
// (docs/c.md); what C++ converts by itself stays.
// RUN: %bamboo %s -o %t.cpp -- -Wno-incompatible-pointer-types-discards-qualifiers 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.cpp
// RUN: %check_compiles %t.cpp
#include <mpi.h>
#include <stdlib.h>
enum color { RED, GREEN, BLUE };
struct cell { int count; float weight; };
#define ALLOC(T, n) malloc((n) * sizeof(T))
// CHECK:   double *u = (double *)(malloc(n * sizeof(double)));
// CHECK-NEXT:   int *ids = (int *)(ALLOC(int, n));
// CHECK-NEXT:   void *any = u;
// CHECK-NEXT:   char *bytes = (char *)(any);
// CHECK-NEXT:   const char *name = "fixed";
// CHECK-NEXT:   char *writable = (char *)("editable");
// CHECK-NEXT:   char *unconst = (char *)(name);
// CHECK-NEXT:   enum color c = (enum color)(n % 3);
// CHECK-NEXT:   enum color d = BLUE;
// CHECK-NEXT:   struct cell e = {(int)(u[0]), 2.5};
// CHECK-NEXT:   short pair[2] = {1, (short)(n)};
// CHECK-NEXT:   c = (enum color)(c + 1);
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
