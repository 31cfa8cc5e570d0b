// The runtime's header replaces <mpi.h> on its own line, so lines keep their
// numbers; a file that gets <mpi.h> only through another header gets the
// runtime's header on a new line before its first #include, then a #line so
// that its lines keep their numbers all the same (c/feature-test-macros.c: and
// on a first line when code comes before that). --line-directives names the
// original.
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s --check-prefix=INPLACE < %t.cpp
// RUN: %bamboo %S/Inputs/indirect-mpi.cpp -o %t2.cpp -- -I%S/Inputs
// RUN: FileCheck %s --check-prefix=PROLOGUE < %t2.cpp
// RUN: %check_compiles -I%S/Inputs %t2.cpp
// RUN: %bamboo %s --line-directives -o %t3.cpp --
// RUN: FileCheck %s --check-prefix=LINE -DFILE=%s < %t3.cpp
// RUN: %check_compiles %t3.cpp
//
// INPLACE:      {{^}}// First line.
// INPLACE:      {{^}}#include <bamboo/bamboo.h> // bamboo: the runtime (it includes <mpi.h>)
// INPLACE-NEXT: {{^}}int main() __asm__("bambooMain");
// INPLACE-NEXT: {{^}}#line
// INPLACE-NEXT: {{^}}int main() {
// PROLOGUE:      {{^}}// A file that includes <mpi.h> through a header of its own.
// PROLOGUE-NEXT: {{^}}#include <bamboo/bamboo.h> // bamboo: the runtime (it includes <mpi.h>)
// PROLOGUE-NEXT: {{^}}#line 2
// PROLOGUE-NEXT: {{^}}#include "comm.h"
// LINE:      {{^}}#line 1 "[[FILE]]"
// LINE-NEXT: {{^}}// The runtime's header replaces <mpi.h> on its own line, so lines keep their
// First line.
#include <mpi.h>
int main() {
  MPI_Barrier(MPI_COMM_WORLD);
}
