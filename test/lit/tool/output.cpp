// Where translations go: -o names the one output; without it, standard output;
// --output-dir takes several inputs, in a tree that mirrors their directories
// from the deepest one that holds them all.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/one.cpp --
// RUN: FileCheck %s --check-prefix=TRANSLATED < %t/one.cpp
// RUN: %bamboo %s -- | FileCheck %s --check-prefix=TRANSLATED
// RUN: %bamboo %s %S/Inputs/second.cpp --output-dir %t/out --
// RUN: FileCheck %s --check-prefix=TRANSLATED < %t/out/output.cpp
// RUN: FileCheck %s --check-prefix=SECOND < %t/out/Inputs/second.cpp
// The translation keeps these comments: the checks match at line starts only.
// TRANSLATED:      {{^}}#include <bamboo/bamboo.h> // bamboo: the runtime (it includes <mpi.h>)
// TRANSLATED:      {{^}}int main() __asm__("bambooMain");
// TRANSLATED-NEXT: {{^}}#line 28
// TRANSLATED-NEXT: {{^}}int main() { return 0; }
// TRANSLATED:      {{^}}int bambooStart(int argc, char **argv) { return bamboo::run(argc, argv, [](int, char **) { return bambooRankMain(); }); }
// SECOND: int helper(int x) { return x + 1; }
//
// Misuse is an error, and nothing is written.
// RUN: not %bamboo %s %S/Inputs/second.cpp -o %t/two.cpp -- 2>&1 | FileCheck %s --check-prefix=SEVERAL
// RUN: not test -e %t/two.cpp
// SEVERAL: bamboo: error: several inputs need --output-dir (-o names one output)
// RUN: not %bamboo %s -o %t/x.cpp --output-dir %t -- 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: bamboo: error: give -o or --output-dir, not both
// RUN: not %bamboo %s -o %t/no/such/dir/x.cpp -- 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: bamboo: error: cannot write '{{.*}}/no/such/dir/x.cpp'
#include <mpi.h>
int main() { return 0; }
