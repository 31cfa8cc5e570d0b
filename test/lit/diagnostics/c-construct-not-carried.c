// C that no C++ means the same as: the translation (C++) would not compile, or
// would mean something else. Each is a located error (docs/c.md).
// RUN: not %bamboo %s -o %t.cpp -- -Wno-deprecated-non-prototype 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %bamboo --explain %s -- -Wno-deprecated-non-prototype 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>
enum color { RED, GREEN, BLUE };
struct point { int x, y; };
struct { struct inner { int a; } in; int b; } anon;
int inner_a(void) { struct inner i = {1}; return i.a + anon.b; }
// CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:28: error: {{.*}}: a struct or enum declared inside an unnamed struct and used outside it (C++ scopes it to that struct; name the struct)
int old_style(a, b) int a; int b; { return a + b; }
// CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:5: error: this C has no C++ that means the same, and bamboo's translation is C++: a K&R-style definition (write the parameters in the parentheses)
int undeclared();
void fill(int ni, int nj, double a[ni][nj]);
// CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:34: error: {{.*}}: a parameter of variably modified type (an array whose size is another parameter)
int work(int n) {
  enum color c = RED, e[2] = {RED, BLUE};
  int v = c++;
  // CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:12: error: {{.*}}: ++, -- or compound assignment on an enum (C++ has none, and its value or a side effect of its operand is used)
  e[v++] |= GREEN;
  // CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:10: error: {{.*}}: ++, -- or compound assignment on an enum (C++ has none, and its value or a side effect of its operand is used)
  double _Complex z = 1;
  // CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:19: error: {{.*}}: a complex type (C's <complex.h> is std::complex in C++)
  int *three = (int[]){1, 2, 3};
  // CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:16: error: {{.*}}: a compound literal whose address outlives its expression (an array, or &: a temporary in C++)
  struct point *p = &(struct point){1, 2};
  // CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:22: error: {{.*}}: a compound literal whose address outlives its expression
  int kind = _Generic(n, int: 1, default: 2);
  // CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:14: error: {{.*}}: _Generic
  int table[4] = {[2] = 5};
  // CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:19: error: {{.*}}: an array designator, a nested designator, or designated elements mixed with positional ones
  struct point mixed = {.y = 1, 2};
  // CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:24: error: {{.*}}: an array designator, a nested designator, or designated elements mixed with positional ones
  if (n > 2)
    goto done;
  // CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:5: error: {{.*}}: a jump past an initialized declaration into its scope
  int later[2] = {n, n};
  // CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:7: note: declared here
done:
  switch (n) {
  case 0: {
    break;
  }
    const int inside = 1;
    // CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:15: note: declared here
  case 1:
    // CHECK-DAG: c-construct-not-carried.c:[[@LINE-7]]:3: error: {{.*}}: a jump past an initialized declaration into its scope
    n += inside;
  }
  n += undeclared(3);
  // CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:8: error: {{.*}}: a call with arguments of a function declared without its parameters (declare them)
  MPI_Barrier(MPI_COMM_WORLD);
  return n + kind + table[2] + mixed.x + p->x + three[0] + (int)c + later[0] + old_style(1, 2) + (int)z;
  // CHECK-DAG: c-construct-not-carried.c:[[@LINE-1]]:80: error: {{.*}}: a call with arguments of a function declared without its parameters
}
