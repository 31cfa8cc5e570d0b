// C idioms that mean something else (or nothing) in C++, carried over: a
// block-scope extern declares the accessor where it stands; a tag
// declared inside a struct is named through it (C puts it at file scope); a
// char array its string exactly fills becomes a brace list; ++ and op= on an
// enum whose value is unused become assignments with a cast; the math library's
// float overloads get C's double argument; strchr's const char * result is C's
// char *. The translation then prints what mpicc's build prints.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/idioms.cpp -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t/idioms.cpp
// RUN: %check_compiles %t/idioms.cpp
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
static int exchange(int rank) {
// CHECK: static int exchange(int rank) {
  extern int rounds;
// CHECK:   extern int &bambooGlobal_rounds();
  char code[3] = "abc";
// CHECK:   char code[3] = {'a', 'b', 'c'};
  enum phase p = INIT;
  p++;
// CHECK:   p = (enum phase)(p + 1);
  p |= DONE;
// CHECK:   p = (enum phase)(p | (DONE));
  struct hdr h = {rank, 3};
// CHECK:   struct msg::hdr h = {rank, 3};
  enum kind k = CTRL;
// CHECK:   enum msg::kind k = msg::CTRL;
  float f = 2.0f;
  double r = sqrt(f);
// CHECK:   double r = sqrt((double)(f));
  char *colon = strchr("key:value", ':');
// CHECK:   char *colon = (char *)(strchr("key:value", ':'));
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
