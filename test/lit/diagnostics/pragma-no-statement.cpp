// A pragma must be followed by a statement of the same block: not by the end
// of the block, not by 'else', not in the middle of an expression.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
int f(int x) {
  if (x) {
    x++;
#pragma bamboo olap
    // CHECK: pragma-no-statement.cpp:[[@LINE-1]]:16: error: '#pragma bamboo olap' must be followed by a statement
  }
  if (x)
    x++;
#pragma bamboo olap
  // CHECK: pragma-no-statement.cpp:[[@LINE-1]]:16: error: '#pragma bamboo olap' must be followed by a statement
  else
    x--;
  x = x +
#pragma bamboo olap
      // CHECK: pragma-no-statement.cpp:[[@LINE-1]]:16: error: '#pragma bamboo olap' must be followed by a statement
      1;
  // Statement slots other than blocks are fine: a branch, a loop body, a
  // labelled statement.
  if (x)
#pragma bamboo olap
    x++;
  else
#pragma bamboo olap
    x--;
  while (x > 10)
#pragma bamboo olap
    x--;
done:
#pragma bamboo olap
  x += 1;
  return x;
}

void g() {
  // At the end of the file, too.
#pragma bamboo olap
  // CHECK: pragma-no-statement.cpp:[[@LINE-1]]:16: error: '#pragma bamboo olap' must be followed by a statement
}
