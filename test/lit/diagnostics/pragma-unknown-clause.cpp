// An unknown clause on olap is reported at the clause.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
void f() {
#pragma bamboo olap prio(3)
  // CHECK: pragma-unknown-clause.cpp:[[@LINE-1]]:21: error: unknown clause 'prio' on '#pragma bamboo olap'
  {
  }
  // After a valid clause too.
#pragma bamboo olap priority(1) , nowait
  // CHECK: pragma-unknown-clause.cpp:[[@LINE-1]]:33: error: unknown clause ',' on '#pragma bamboo olap'
  {
  }
}
