// '#pragma bamboo' without a word: the error points at the end of the line.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
void f() {
#pragma bamboo
  // CHECK: pragma-expected-word.cpp:[[@LINE-1]]:15: error: expected 'olap', 'send', 'receive' or 'noreorder' after '#pragma bamboo'
  {
  }
}
