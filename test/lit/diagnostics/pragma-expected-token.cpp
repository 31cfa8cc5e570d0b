// A priority clause missing a parenthesis, reported at the offending token
// (the end of the line when the line ends early).
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
void f() {
#pragma bamboo olap priority 3
  // CHECK: pragma-expected-token.cpp:[[@LINE-1]]:30: error: expected '(' in 'priority' clause
  {
  }
#pragma bamboo olap priority(3
  // CHECK: pragma-expected-token.cpp:[[@LINE-1]]:31: error: expected ')' in 'priority' clause
  {
  }
#pragma bamboo olap priority(3 4)
  // CHECK: pragma-expected-token.cpp:[[@LINE-1]]:32: error: expected ')' in 'priority' clause
  {
  }
#pragma bamboo olap priority
  // CHECK: pragma-expected-token.cpp:[[@LINE-1]]:29: error: expected '(' in 'priority' clause
  {
  }
}
