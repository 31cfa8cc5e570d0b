// Declarations C reads otherwise than C++, kept as written since the translation
// is C (docs/c.md): a const global (external linkage in C), `int f();` declared
// before the definition with parameters, designated initializers out of
// declaration order (a call among them too: the C compiler orders it as in
// mpicc's build), `sizeof 'a'` (an int in C).
// Tentative definitions of a privatized global (`int steps; int steps;`,
// `int width; int width = 8;`) are one rank-local variable: the definition its
// image and accessor, each other declaration its accessor's declaration. The
// output compiles with mpicc.
// RUN: %bamboo %s -o %t.c -- -Wno-deprecated-non-prototype 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.c
// RUN: %check_compiles_c %t.c
#include <mpi.h>
struct point { int x, y, z; };
// CHECK:      static int bambooImage_steps; static bamboo_rank_local bambooLocal_steps = BAMBOO_RANK_LOCAL(sizeof bambooImage_steps, __alignof__(bambooImage_steps), 0, 0); __attribute__((const)) __typeof__(bambooImage_steps) *bambooGlobal_steps(void) { return (__typeof__(bambooImage_steps) *)bamboo_rank_local_get(&bambooLocal_steps); } /* bamboo: one per virtual rank */
// CHECK-NEXT: int (*bambooGlobal_steps(void)) __attribute__((const));
// CHECK-NEXT: int (*bambooGlobal_width(void)) __attribute__((const));
// CHECK-NEXT: static int bambooImage_width = 8; static bamboo_rank_local bambooLocal_width = BAMBOO_RANK_LOCAL(sizeof bambooImage_width, __alignof__(bambooImage_width), &bambooImage_width, 0); __attribute__((const)) __typeof__(bambooImage_width) *bambooGlobal_width(void) { return (__typeof__(bambooImage_width) *)bamboo_rank_local_get(&bambooLocal_width); } /* bamboo: one per virtual rank */
// CHECK-NEXT: const int limit = 4;
// CHECK-NEXT: static const int hidden = 2;
// CHECK-NEXT: int scale();
// CHECK-NEXT: int scale(int k, double f) { return (int)(k * f); }
int steps;
int steps;
int width;
int width = 8;
const int limit = 4;
static const int hidden = 2;
int scale();
int scale(int k, double f) { return (int)(k * f); }
// CHECK:        return ++(*bambooGlobal_steps());
// CHECK:        struct point p = {.z = hidden, .x = rank, .y = 2};
// CHECK-NEXT:   struct point q = {.y = bump(), .z = 3, .x = 1};
// CHECK-NEXT:   int size = sizeof 'a' + sizeof(char);
// CHECK-NEXT:   bamboo_MPI_Finalize();
// CHECK-NEXT:   return p.x + q.y + size + scale((*bambooGlobal_width()), 0.5) + limit;
// CHECK:      __attribute__((constructor)) static void bambooRegisterGlobals(void) { bamboo_rank_local_register(&bambooLocal_steps); bamboo_rank_local_register(&bambooLocal_width); }
static int bump(void) {
  MPI_Barrier(MPI_COMM_WORLD);
  return ++steps;
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  struct point p = {.z = hidden, .x = rank, .y = 2};
  struct point q = {.y = bump(), .z = 3, .x = 1};
  int size = sizeof 'a' + sizeof(char);
  MPI_Finalize();
  return p.x + q.y + size + scale(width, 0.5) + limit;
}
