// The priority must be an integer literal (macros expanding to one are fine).
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
int level = 2;
void f() {
#pragma bamboo olap priority(x)
  // CHECK: pragma-priority-not-integer.cpp:[[@LINE-1]]:30: error: priority must be an integer literal
  {
  }
#pragma bamboo olap priority(
  // CHECK: pragma-priority-not-integer.cpp:[[@LINE-1]]:30: error: priority must be an integer literal
  {
  }
#pragma bamboo olap priority()
  // CHECK: pragma-priority-not-integer.cpp:[[@LINE-1]]:30: error: priority must be an integer literal
  {
  }
#pragma bamboo olap priority(1.5)
  // CHECK: pragma-priority-not-integer.cpp:[[@LINE-1]]:30: error: priority must be an integer literal
  {
  }
#pragma bamboo olap priority(level)
  // CHECK: pragma-priority-not-integer.cpp:[[@LINE-1]]:30: error: priority must be an integer literal
  {
  }
}
