// In a mirrored tree an #include found through -I is pointed at the
// translated header; one written with a macro cannot be.
// RUN: not %bamboo %s --output-dir %t -- -I%S/Inputs/macro-include 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %bamboo --explain --output-dir %t.explain %s -- -I%S/Inputs/macro-include 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: include-through-macro.cpp:[[@LINE+2]]:10: error: this #include of 'waits.h' is written with a macro; bamboo cannot point it at the translated header
#define WAITS <proj/waits.h>
#include WAITS
int main() { settle(); }
