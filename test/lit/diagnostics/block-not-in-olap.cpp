// send and receive blocks belong directly inside an olap region's block.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
void f(int rank) {
#pragma bamboo receive
  // CHECK: block-not-in-olap.cpp:[[@LINE-1]]:16: error: '#pragma bamboo receive' must be directly inside a '#pragma bamboo olap' region
  {
  }
#pragma bamboo olap
  {
    if (rank > 0) {
#pragma bamboo send
      // CHECK: block-not-in-olap.cpp:[[@LINE-1]]:16: error: '#pragma bamboo send' must be directly inside a '#pragma bamboo olap' region
      {
      }
    }
#pragma bamboo receive
    {
#pragma bamboo receive
      // CHECK: block-not-in-olap.cpp:[[@LINE-1]]:16: error: '#pragma bamboo receive' must be directly inside a '#pragma bamboo olap' region
      {
      }
    }
  }
  // The region's statement itself is no block.
#pragma bamboo olap
#pragma bamboo send
  // CHECK: block-not-in-olap.cpp:[[@LINE-1]]:16: error: '#pragma bamboo send' must be directly inside a '#pragma bamboo olap' region
  {
  }
}
