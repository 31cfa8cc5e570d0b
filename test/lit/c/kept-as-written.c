// C that no C++ means the same as, which bamboo refused while its translation of
// C was C++: the translation of a C file is C now (docs/c.md), so each is kept as
// written. A K&R-style definition; a function declared `f()` and called with
// arguments (defined in the file, or in another); a parameter of variably
// modified type (`double a[ni][nj]`), in a function that waits; ++ and |= on an
// enum whose value, or a side effect of its operand, is used; a complex type; an
// array compound literal and the address of a compound literal; _Generic; array
// designators, nested designators and designated elements mixed with positional
// ones; a goto past an initialized array and struct, and a case past an
// initialized const, into their scope; a struct and an enum declared inside an
// unnamed struct and used outside it (that struct's variable is privatized, so
// its declaration gains an image, but not a word of it changes). The output
// compiles with mpicc, and the program prints what mpicc's build prints
// (mpiexec -n 2: rank 0: 1188 1176 10, rank 1: 101188 101176 10).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/kept.c -- -Wno-deprecated-non-prototype 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t/kept.c
// RUN: %check_compiles_c %t/kept.c
// RUN: %bamboo --explain %s -- -Wno-deprecated-non-prototype | FileCheck %s --check-prefix=EXPLAIN
// `undeclared` is defined in another C file, as where such calls are written.
// RUN: echo 'int undeclared(int k) { return 10 * k; }' > %t/undeclared.c
// RUN: %bamboo_cxx %s %t/undeclared.c -o %t/app
// RUN: env BAMBOO_VF=2 %mpiexec -n 1 %t/app | sort | FileCheck %s --check-prefix=OUT
//
// CHECK:      static struct { struct inner { int a; } in; enum mode { OFF, ON } m; int b; } bambooImage_anon; static bamboo_rank_local bambooLocal_anon = {{.*}}
// CHECK-NEXT: int inner_a(void) { struct inner i = {1}; enum mode m = ON; return i.a + (*bambooGlobal_anon()).b + m; }
// CHECK-NEXT: int old_style(a, b) int a; int b; { return a + b; }
// CHECK-NEXT: int undeclared();
// CHECK-NEXT: int later_defined();
// CHECK-NEXT: void fill(int ni, int nj, double a[ni][nj]);
// CHECK-NEXT: void fill(int ni, int nj, double a[ni][nj]) {
// CHECK-NEXT:   for (int i = 0; i < ni; i++)
// CHECK-NEXT:     for (int j = 0; j < nj; j++) a[i][j] = i * nj + j;
// CHECK-NEXT:   bamboo_MPI_Allreduce(MPI_IN_PLACE, a[ni - 1], nj, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
// CHECK-NEXT: }
// CHECK-NEXT: int work(int n) {
// CHECK-NEXT:   enum color c = RED, e[2] = {RED, BLUE};
// CHECK-NEXT:   int v = c++;
// CHECK-NEXT:   e[v++] |= GREEN;
// CHECK-NEXT:   double _Complex z = 1;
// CHECK-NEXT:   int *three = (int[]){1, 2, 3};
// CHECK-NEXT:   struct point *p = &(struct point){1, 2};
// CHECK-NEXT:   int kind = _Generic(n, int: 1, default: 2);
// CHECK-NEXT:   int table[4] = {[2] = 5};
// CHECK-NEXT:   struct point mixed = {.y = 1, 2};
// CHECK-NEXT:   struct line l = {.to.y = 3, .from = {4, 5}};
// CHECK-NEXT:   int grid[2][2] = {[1][0] = 6};
// CHECK-NEXT:   if (n > 2)
// CHECK-NEXT:     goto done;
// CHECK-NEXT:   int later[2] = {n, n};
// CHECK-NEXT:   struct point s = {n, n};
// CHECK-NEXT:   n += later[1] + s.y;
// CHECK-NEXT: done:
// CHECK-NEXT:   switch (n % 4) {
// CHECK-NEXT:   case 0: {
// CHECK-NEXT:     break;
// CHECK-NEXT:   }
// CHECK-NEXT:     const int inside = 1;
// CHECK-NEXT:     n += inside;
// CHECK-NEXT:   case 1:
// CHECK-NEXT:     n += 7;
// CHECK-NEXT:   }
// CHECK-NEXT:   n += undeclared(3) + later_defined(4);
// CHECK-NEXT:   bamboo_MPI_Barrier(MPI_COMM_WORLD);
// CHECK-NEXT:   return n + kind + table[2] + mixed.z + p->y + three[2] + 10 * c + 100 * e[0] + 1000 * v +
// CHECK-NEXT:          l.to.y + l.from.x + grid[1][0] + old_style(1, 2) + (int)z + inner_a();
// CHECK-NEXT: }
// CHECK-NEXT: int later_defined(int k) { return k; }
// EXPLAIN: may wait: fill, work, main
// OUT:      rank 0: 1188 1176 10
// OUT-NEXT: rank 1: 101188 101176 10
#include <mpi.h>
#include <stdio.h>
enum color { RED, GREEN, BLUE };
struct point { int x, y, z; };
struct line { struct point from, to; };
struct { struct inner { int a; } in; enum mode { OFF, ON } m; int b; } anon;
int inner_a(void) { struct inner i = {1}; enum mode m = ON; return i.a + anon.b + m; }
int old_style(a, b) int a; int b; { return a + b; }
int undeclared();
int later_defined();
void fill(int ni, int nj, double a[ni][nj]);
void fill(int ni, int nj, double a[ni][nj]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) a[i][j] = i * nj + j;
  MPI_Allreduce(MPI_IN_PLACE, a[ni - 1], nj, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}
int work(int n) {
  enum color c = RED, e[2] = {RED, BLUE};
  int v = c++;
  e[v++] |= GREEN;
  double _Complex z = 1;
  int *three = (int[]){1, 2, 3};
  struct point *p = &(struct point){1, 2};
  int kind = _Generic(n, int: 1, default: 2);
  int table[4] = {[2] = 5};
  struct point mixed = {.y = 1, 2};
  struct line l = {.to.y = 3, .from = {4, 5}};
  int grid[2][2] = {[1][0] = 6};
  if (n > 2)
    goto done;
  int later[2] = {n, n};
  struct point s = {n, n};
  n += later[1] + s.y;
done:
  switch (n % 4) {
  case 0: {
    break;
  }
    const int inside = 1;
    n += inside;
  case 1:
    n += 7;
  }
  n += undeclared(3) + later_defined(4);
  MPI_Barrier(MPI_COMM_WORLD);
  return n + kind + table[2] + mixed.z + p->y + three[2] + 10 * c + 100 * e[0] + 1000 * v +
         l.to.y + l.from.x + grid[1][0] + old_style(1, 2) + (int)z + inner_a();
}
int later_defined(int k) { return k; }
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  anon.b = 100000 * rank;
  double a[2][3];
  fill(2, 3, a);
  printf("rank %d: %d %d %g\n", rank, work(5), work(0), a[1][2]);
  MPI_Finalize();
  return 0;
}
