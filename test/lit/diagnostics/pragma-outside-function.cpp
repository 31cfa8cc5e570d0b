// Pragmas at file scope, in a class body or in a parameter list apply to no
// statement.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#pragma bamboo olap
// CHECK: pragma-outside-function.cpp:[[@LINE-1]]:16: error: '#pragma bamboo olap' outside a function body
int x;

struct Grid {
#pragma bamboo receive
  // CHECK: pragma-outside-function.cpp:[[@LINE-1]]:16: error: '#pragma bamboo receive' outside a function body
  void step() {}
};

namespace n {
#pragma bamboo send
// CHECK: pragma-outside-function.cpp:[[@LINE-1]]:16: error: '#pragma bamboo send' outside a function body
}

void g(int a,
#pragma bamboo olap
       // CHECK: pragma-outside-function.cpp:[[@LINE-1]]:16: error: '#pragma bamboo olap' outside a function body
       int b) {}
