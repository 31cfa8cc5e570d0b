// C idioms that mean something else (or nothing) in C++, kept as written since
// the translation is C (docs/c.md): a block-scope extern of a privatized global
// (it declares the global's accessor where it stands); a tag declared inside a
// struct, used outside it (C puts it at file scope), and its enumerator; a char
// array its string exactly fills (no '\0'); ++ and |= on an enum; a float given
// to the math library (C converts it to double); strchr's char * result. The
// output compiles with mpicc, and the program prints what mpicc's build prints.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/idioms.c -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t/idioms.c
// RUN: %check_compiles_c %t/idioms.c
// RUN: %bamboo_cxx %s -o %t/app -lm
// RUN: env BAMBOO_VF=4 %mpiexec -n 1 %t/app | sort | FileCheck %s --check-prefix=OUT
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>
enum phase { INIT, RUN, DONE };
struct msg {
  struct hdr { int tag, len; } h;
  enum kind { DATA, CTRL } k;
};
// CHECK:      struct msg {
// CHECK-NEXT:   struct hdr { int tag, len; } h;
// CHECK-NEXT:   enum kind { DATA, CTRL } k;
// CHECK-NEXT: };
// CHECK:      static int exchange(int rank) {
// CHECK-NEXT:   extern int (*bambooGlobal_rounds(void)) __attribute__((const));
// CHECK-NEXT:   char code[3] = "abc";
// CHECK-NEXT:   enum phase p = INIT;
// CHECK-NEXT:   p++;
// CHECK-NEXT:   p |= DONE;
// CHECK-NEXT:   struct hdr h = {rank, 3};
// CHECK-NEXT:   enum kind k = CTRL;
// CHECK-NEXT:   float f = 2.0f;
// CHECK-NEXT:   double r = sqrt(f);
// CHECK-NEXT:   char *colon = strchr("key:value", ':');
// CHECK-NEXT:   bamboo_MPI_Allreduce(MPI_IN_PLACE, &h.tag, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
// CHECK-NEXT:   return (*bambooGlobal_rounds()) + code[2] + (int)p + h.tag + (int)k + (int)(r * 1000) + (int)(colon[1]);
// CHECK-NEXT: }
// CHECK-NEXT: static int bambooImage_rounds = 7; static bamboo_rank_local bambooLocal_rounds = BAMBOO_RANK_LOCAL(sizeof bambooImage_rounds, __alignof__(bambooImage_rounds), &bambooImage_rounds, 0); __attribute__((const)) __typeof__(bambooImage_rounds) *bambooGlobal_rounds(void) { return (__typeof__(bambooImage_rounds) *)bamboo_rank_local_get(&bambooLocal_rounds); } /* bamboo: one per virtual rank */
static int exchange(int rank) {
  extern int rounds;
  char code[3] = "abc";
  enum phase p = INIT;
  p++;
  p |= DONE;
  struct hdr h = {rank, 3};
  enum kind k = CTRL;
  float f = 2.0f;
  double r = sqrt(f);
  char *colon = strchr("key:value", ':');
  MPI_Allreduce(MPI_IN_PLACE, &h.tag, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return rounds + code[2] + (int)p + h.tag + (int)k + (int)(r * 1000) + (int)(colon[1]);
}
int rounds = 7;
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  printf("rank %d: %d\n", rank, exchange(rank));
  MPI_Finalize();
  return 0;
}
// OUT: rank 0: 1648
// OUT-NEXT: rank 1: 1648
// OUT-NEXT: rank 2: 1648
// OUT-NEXT: rank 3: 1648
