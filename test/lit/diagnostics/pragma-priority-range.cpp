// The priority must fit in an int.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
void f() {
#pragma bamboo olap priority(2147483648)
  // CHECK: pragma-priority-range.cpp:[[@LINE-1]]:30: error: priority does not fit in a 32-bit signed integer
  {
  }
#pragma bamboo olap priority(-2147483649)
  // CHECK: pragma-priority-range.cpp:[[@LINE-1]]:31: error: priority does not fit in a 32-bit signed integer
  {
  }
  // The extremes are fine.
#pragma bamboo olap priority(2147483647)
  {
  }
#pragma bamboo olap priority(-2147483648)
  {
  }
}
