// The system headers a user header includes after its guard (and after
// declarations of the user's own names) come from the prefix cache too
// (docs/multifile.md): the parse reads them first, which means the same
// unless a system header names the guard or a name of those declarations, or
// changes when included again. BAMBOO_CACHE_REPORT=1 says what the cache did.
//
// RUN: rm -rf %t && mkdir -p %t && cp -r %S/Inputs/prefix-cache/headers %t/headers
// RUN: cp %s %t/main.c
// RUN: env BAMBOO_CACHE=0 not %bamboo %t/main.c -o %t/plain.c -- -isystem %S/Inputs/prefix-cache/sys 2> %t/plain.err
// RUN: env BAMBOO_CACHE_DIR=%t/cache BAMBOO_CACHE_REPORT=1 not %bamboo %t/main.c -o %t/cold.c -- -isystem %S/Inputs/prefix-cache/sys 2> %t/cold.err
// RUN: env BAMBOO_CACHE_DIR=%t/cache BAMBOO_CACHE_REPORT=1 not %bamboo %t/main.c -o %t/warm.c -- -isystem %S/Inputs/prefix-cache/sys 2> %t/warm.err
// RUN: FileCheck %s < %t/plain.err
// CHECK: guarded.h:9:{{[0-9]+}}: error: expected ';'
// RUN: FileCheck %s --check-prefix=COLD < %t/cold.err
// COLD: prefix cache: {{.*}}main.c: built: <step.h> <mpi.h> <reentrant.h> (0 from the file's own lines)
// RUN: FileCheck %s --check-prefix=WARM < %t/warm.err
// WARM: prefix cache: {{.*}}main.c: reused: <step.h> <mpi.h> <reentrant.h>
// RUN: grep -v 'prefix cache' %t/cold.err | diff %t/plain.err -
// RUN: grep -v 'prefix cache' %t/warm.err | diff %t/plain.err -
//
// Without the error: the same translation of the file and of its header.
// RUN: sed -i -e 's/step(x) }/step(x); }/' %t/headers/guarded.h
// RUN: env BAMBOO_CACHE=0 %bamboo %t/main.c --root %t --output-dir %t/out-plain -- -isystem %S/Inputs/prefix-cache/sys
// RUN: env BAMBOO_CACHE_DIR=%t/cache BAMBOO_CACHE_REPORT=1 %bamboo %t/main.c --root %t --output-dir %t/out-cached -- -isystem %S/Inputs/prefix-cache/sys 2> %t/good.err
// RUN: FileCheck %s --check-prefix=WARM < %t/good.err
// RUN: diff -r %t/out-plain %t/out-cached
// RUN: FileCheck %s --check-prefix=OUT < %t/out-cached/headers/guarded.h
// OUT: bambooGlobal_counter
//
// A system header that tests the guard of the user header before it.
// RUN: printf '#include "headers/aware.h"\nint use(void) { return aware(1, 2); }\n' > %t/aware.c
// RUN: env BAMBOO_CACHE_DIR=%t/cache BAMBOO_CACHE_REPORT=1 %bamboo %t/aware.c -o %t/aware-out.c -- -isystem %S/Inputs/prefix-cache/sys 2> %t/aware.err
// RUN: FileCheck %s --check-prefix=AWARE < %t/aware.err
// AWARE: aware.c: not used: the headers name the include guard PREFIX_AWARE_H: <aware.h>
//
// A guard defined on the command line: the parse skips the header whole.
// RUN: printf '#include "headers/marker.h"\n#ifdef PREFIX_MARKER\n#error the marker header was read\n#endif\nint x;\n' > %t/marker.c
// RUN: env BAMBOO_CACHE_DIR=%t/cache BAMBOO_CACHE_REPORT=1 %bamboo %t/marker.c -o %t/marker-out.c -- -isystem %S/Inputs/prefix-cache/sys -DPREFIX_MARKER_H 2> %t/marker.err
// RUN: FileCheck %s --check-prefix=MARKER < %t/marker.err
// MARKER: marker.c: not used: the headers name the include guard PREFIX_MARKER_H
// RUN: env BAMBOO_CACHE_DIR=%t/cache BAMBOO_CACHE_REPORT=1 not %bamboo %t/marker.c -o %t/marker-out.c -- -isystem %S/Inputs/prefix-cache/sys 2> %t/marker-read.err
// RUN: FileCheck %s --check-prefix=MARKER-READ < %t/marker-read.err
// MARKER-READ: marker.c: built: <marker.h>
// MARKER-READ: marker.c:3:2: error: the marker header was read
//
// A system header that a second include changes.
// RUN: printf '#include "headers/counted.h"\nint use(void) { return counted_again; }\n' > %t/counted.c
// RUN: env BAMBOO_CACHE_DIR=%t/cache BAMBOO_CACHE_REPORT=1 not %bamboo %t/counted.c -o %t/counted-out.c -- -isystem %S/Inputs/prefix-cache/sys 2> %t/counted.err
// RUN: FileCheck %s --check-prefix=COUNTED < %t/counted.err
// COUNTED: counted.c: not used: <counted.h> changes when included again
// COUNTED: counted.c:2:{{[0-9]+}}: error: use of undeclared identifier 'counted_again'
//
// Declarations of the user's own names before the system headers are passed.
// RUN: printf '#include "headers/forward.h"\n#include <step.h>\nint use(void) { return step(1); }\n' > %t/forward.c
// RUN: env BAMBOO_CACHE_DIR=%t/cache BAMBOO_CACHE_REPORT=1 %bamboo %t/forward.c -o %t/forward-out.c -- -isystem %S/Inputs/prefix-cache/sys 2> %t/forward.err
// RUN: FileCheck %s --check-prefix=FORWARD < %t/forward.err
// FORWARD: forward.c: built: <step.h> (0 from the file's own lines)
//
// A declaration of a name the headers use: read first, step() would be the
// error, not the variable.
// RUN: printf '#include "headers/uses.h"\n#include <step.h>\n' > %t/uses.c
// RUN: env BAMBOO_CACHE=0 not %bamboo %t/uses.c -o %t/uses-out.c -- -isystem %S/Inputs/prefix-cache/sys 2> %t/uses-plain.err
// RUN: env BAMBOO_CACHE_DIR=%t/cache BAMBOO_CACHE_REPORT=1 not %bamboo %t/uses.c -o %t/uses-out.c -- -isystem %S/Inputs/prefix-cache/sys 2> %t/uses.err
// RUN: FileCheck %s --check-prefix=USES < %t/uses.err
// USES: uses.c: not used: the headers name 'step', which code before them uses
// USES: step.h:2:5: error: redefinition of 'step' as different kind of symbol
// RUN: grep -v 'prefix cache' %t/uses.err | diff %t/uses-plain.err -
//
// A keyword that a later header defines as a macro.
// RUN: printf '#include "headers/volatile.h"\n#include <novolatile.h>\nint prefix_flag;\n' > %t/volatile.c
// RUN: env BAMBOO_CACHE_DIR=%t/cache BAMBOO_CACHE_REPORT=1 not %bamboo %t/volatile.c -o %t/volatile-out.c -- -isystem %S/Inputs/prefix-cache/sys 2> %t/volatile.err
// RUN: FileCheck %s --check-prefix=VOLATILE < %t/volatile.err
// VOLATILE: volatile.c: not used: the headers define 'volatile', which code before them uses, as a macro
// VOLATILE: volatile.c:3:5: error: redefinition of 'prefix_flag' with a different type
//
// A parameter's name that a later header defines as a macro.
// RUN: printf '#include "headers/param.h"\n#include <param-macro.h>\n' > %t/param.c
// RUN: env BAMBOO_CACHE_DIR=%t/cache BAMBOO_CACHE_REPORT=1 %bamboo %t/param.c -o %t/param-out.c -- -isystem %S/Inputs/prefix-cache/sys 2> %t/param.err
// RUN: FileCheck %s --check-prefix=PARAM < %t/param.err
// PARAM: param.c: not used: the headers define 'prefix_n', a parameter's name in code before them, as a macro

#include "headers/guarded.h"

int counter;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  counter = twice(1);
  MPI_Finalize();
  return 0;
}
