// send and receive take no clauses.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
void f() {
#pragma bamboo olap
  {
#pragma bamboo receive priority(2)
    // CHECK: pragma-no-clauses.cpp:[[@LINE-1]]:24: error: '#pragma bamboo receive' takes no clauses
    {
    }
#pragma bamboo send now
    // CHECK: pragma-no-clauses.cpp:[[@LINE-1]]:21: error: '#pragma bamboo send' takes no clauses
    {
    }
  }
}
