// The pragma is the last line of the file, without a newline.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: pragma-at-end-of-file.cpp:[[@LINE+2]]:15: error: expected 'olap', 'send', 'receive' or 'noreorder' after '#pragma bamboo'
// CHECK: pragma-at-end-of-file.cpp:[[@LINE+2]]:16: error: '#pragma bamboo olap' outside a function body
#pragma bamboo
#pragma bamboo olap