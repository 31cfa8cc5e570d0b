// One priority per region.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
void f() {
#pragma bamboo olap priority(1) priority(2)
  // CHECK: pragma-duplicate-clause.cpp:[[@LINE-1]]:33: error: duplicate 'priority' clause
  {
  }
}
