// Olap regions of every statement shape: an empty block (the two edits would
// meet at its `}`), and single statements whose `;` follows a comment or ends
// the last branch of an `if`, a loop or a `switch`. The region's end goes
// after the whole statement.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}  {  bamboo::Region bambooOlap; bambooOlap.complete(); }
// CHECK:      {{^}}  { bamboo::Region bambooOlap; bambooOlap.complete(); /* nothing yet */ }
// CHECK:      {{^}}  { bamboo::Region bambooOlap; ; bambooOlap.complete(); }
// CHECK:      {{^}}  { bamboo::Region bambooOlap; bambooOlap.Send(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD) /* to 0 */ ; bambooOlap.complete(); }
// CHECK:      {{^}}  { bamboo::Region bambooOlap; if (r) bamboo::mpi::Irecv(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &q); else bambooOlap.Send(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD) // c
// CHECK-NEXT: {{^}}    ; bambooOlap.complete(); }
// CHECK:      {{^}}  { bamboo::Region bambooOlap; do bambooOlap.Send(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); while (--r > 0); bambooOlap.complete(); }
// CHECK:      {{^}}  { bamboo::Region bambooOlap; for (int i = 0; i < r; ++i) bambooOlap.Send(x, 1, MPI_INT, 0, i, MPI_COMM_WORLD) /* i */; bambooOlap.complete(); }
// CHECK:      {{^}}  { bamboo::Region bambooOlap; switch (r) { case 0: bambooOlap.Send(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); break; } bambooOlap.complete(); }
// CHECK:      {{^}}  { bamboo::Region bambooOlap; while (r-- > 0) if (r) x[0] = r; else x[1] = r /* last */ ; bambooOlap.complete(); }
#include <mpi.h>
void empty() {
#pragma bamboo olap
  {}
}
void emptyWithComment() {
#pragma bamboo olap
  { /* nothing yet */ }
}
void nullStatement() {
#pragma bamboo olap
  ;
}
void commentBeforeSemicolon(int *x) {
#pragma bamboo olap
  MPI_Send(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD) /* to 0 */ ;
}
void ifElse(int *x, int r) {
  MPI_Request q;
#pragma bamboo olap
  if (r) MPI_Irecv(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &q); else MPI_Send(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD) // c
    ;
}
void doWhile(int *x, int r) {
#pragma bamboo olap
  do MPI_Send(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); while (--r > 0);
}
void forLoop(int *x, int r) {
#pragma bamboo olap
  for (int i = 0; i < r; ++i) MPI_Send(x, 1, MPI_INT, 0, i, MPI_COMM_WORLD) /* i */;
}
void switchStatement(int *x, int r) {
#pragma bamboo olap
  switch (r) { case 0: MPI_Send(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); break; }
}
void nested(int *x, int r) {
#pragma bamboo olap
  while (r-- > 0) if (r) x[0] = r; else x[1] = r /* last */ ;
}
int main() {
  int x[2] = {0, 0};
  empty();
  emptyWithComment();
  nullStatement();
  commentBeforeSemicolon(x);
  ifElse(x, 0);
  doWhile(x, 1);
  forLoop(x, 1);
  switchStatement(x, 1);
  nested(x, 2);
}
