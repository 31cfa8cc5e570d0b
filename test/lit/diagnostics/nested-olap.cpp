// Regions do not nest: the inner pragma is reported, with a note at the outer.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
void f(int n) {
#pragma bamboo olap
  // CHECK-DAG: nested-olap.cpp:[[@LINE-1]]:16: note: olap region starts here
  {
    for (int i = 0; i < n; ++i) {
#pragma bamboo olap
      // CHECK-DAG: nested-olap.cpp:[[@LINE-1]]:16: error: nested olap region
      {
      }
    }
  }
}
