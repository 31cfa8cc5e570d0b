// A header is translated once: a header included twice that translates
// differently each time (different macros) cannot be written.
// RUN: not %bamboo %s --output-dir %t -- -I%S/Inputs 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: not %bamboo --explain --output-dir %t.explain %s -- -I%S/Inputs 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// CHECK: header-translated-twice.cpp:[[@LINE+6]]:10: error: 'twice.h' is included more than once and translates differently each time; bamboo writes one translation of a header
// CHECK: header-translated-twice.cpp:[[@LINE+3]]:10: note: also included here
#include <mpi.h>
#define FIRST
#include "twice.h"
#undef FIRST
#include "twice.h"
int main() {
  first();
  second();
}
