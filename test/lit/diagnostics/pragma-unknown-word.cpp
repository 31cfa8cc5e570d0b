// An unknown word after '#pragma bamboo' is reported at the word.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
void f() {
#pragma bamboo overlap
  // CHECK: pragma-unknown-word.cpp:[[@LINE-1]]:16: error: unknown pragma '#pragma bamboo overlap'; expected 'olap', 'send', 'receive' or 'noreorder'
  {
  }
  // Words are case-sensitive, and need not be identifiers.
#pragma bamboo OLAP
  // CHECK: pragma-unknown-word.cpp:[[@LINE-1]]:16: error: unknown pragma '#pragma bamboo OLAP'; expected 'olap', 'send', 'receive' or 'noreorder'
  {
  }
#pragma bamboo 42
  // CHECK: pragma-unknown-word.cpp:[[@LINE-1]]:16: error: unknown pragma '#pragma bamboo 42'; expected 'olap', 'send', 'receive' or 'noreorder'
  {
  }
}
