// A declaration is not a region: its variable would go out of scope.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
void f() {
#pragma bamboo olap
  // CHECK: pragma-before-declaration.cpp:[[@LINE-1]]:16: error: '#pragma bamboo olap' must be followed by a statement, not a declaration
  int x = 0;
  (void)x;
}
