// The leading system includes of a file come from a precompiled header kept
// (no RUN line here ends with a backslash: a comment continued onto the next
// line ends the prefix the cache takes, see the last RUN lines)
// in BAMBOO_CACHE_DIR (docs/multifile.md): the translation, its diagnostics
// and their lines are the same with the cache off, cold and warm.
//
// RUN: rm -rf %t && mkdir -p %t/sys
// RUN: cp %S/Inputs/prefix-cache/sys/step.h %t/sys/step.h
// RUN: env BAMBOO_CACHE=0 not %bamboo %s -o %t/plain.c -- -isystem %t/sys 2> %t/plain.err
// RUN: env BAMBOO_CACHE_DIR=%t/cache not %bamboo %s -o %t/cold.c -- -isystem %t/sys 2> %t/cold.err
// RUN: ls %t/cache | count 3
// RUN: env BAMBOO_CACHE_DIR=%t/cache not %bamboo %s -o %t/warm.c -- -isystem %t/sys 2> %t/warm.err
// RUN: ls %t/cache | count 3
// RUN: FileCheck %s < %t/plain.err
// RUN: diff %t/plain.err %t/cold.err
// RUN: diff %t/plain.err %t/warm.err
//
// The translation itself, of a copy without the error.
// RUN: sed -e '/MPI_Win_free/d' %s > %t/good.c
// RUN: env BAMBOO_CACHE=0 %bamboo %t/good.c -o %t/good-plain.c -- -isystem %t/sys
// RUN: env BAMBOO_CACHE_DIR=%t/cache %bamboo %t/good.c -o %t/good-cold.c -- -isystem %t/sys
// RUN: env BAMBOO_CACHE_DIR=%t/cache %bamboo %t/good.c -o %t/good-warm.c -- -isystem %t/sys
// RUN: diff %t/good-plain.c %t/good-cold.c
// RUN: diff %t/good-plain.c %t/good-warm.c
// RUN: FileCheck %s --check-prefix=OUT < %t/good-warm.c
// OUT: #include <bamboo/bamboo.h> // bamboo: the runtime (it includes <mpi.h>)
//
// A header that changes after its entry was made is read again: step()
// now takes two arguments, and the call below is an error.
// RUN: cp %S/Inputs/prefix-cache/sys/step2.h %t/sys/step.h
// RUN: env BAMBOO_CACHE_DIR=%t/cache not %bamboo %t/good.c -o %t/stale.c -- -isystem %t/sys 2> %t/stale.err
// RUN: FileCheck %s --check-prefix=STALE < %t/stale.err
// STALE: good.c:{{[0-9]+}}:{{[0-9]+}}: error: too few arguments to function call
//
// A user's header reached by angle brackets (-I) is not precompiled: the
// walk enters it (prefix-cache-headers.c) and passes its declaration of a
// name of its own, so only <mpi.h> is. The translation is the same.
// RUN: printf '#include <local.h>\n#include <mpi.h>\nint counter = 1;\nint main(void) { return counter; }\n' > %t/user.c
// RUN: cp -r %S/Inputs/prefix-cache/user %t/user
// RUN: env BAMBOO_CACHE_DIR=%t/user-cache BAMBOO_CACHE_REPORT=1 %bamboo %t/user.c --root %t --output-dir %t/user-cached -- -I %t/user 2> %t/user.err
// RUN: FileCheck %s --check-prefix=USER-REPORT < %t/user.err
// USER-REPORT: user.c: built: <mpi.h> (0 from the file's own lines)
// RUN: env BAMBOO_CACHE=0 %bamboo %t/user.c --root %t --output-dir %t/user-plain -- -I %t/user
// RUN: diff -r %t/user-plain %t/user-cached
// RUN: FileCheck %s --check-prefix=USER < %t/user-cached/user/local.h
// USER: bambooGlobal_counter
// RUN: ls %t/user-cache | count 3
//
// A line continuation before the includes: no prefix, no entry.
// RUN: printf '// a comment \\\n#include <mpi.h>\nint main(void) { return 0; }\n' > %t/continued.c
// RUN: env BAMBOO_CACHE_DIR=%t/continued-cache %bamboo %t/continued.c -o %t/continued-out.c --
// RUN: not ls %t/continued-cache

/* A block comment and a line comment may come before and between. */
#include <mpi.h> // MPI
// step() is declared by a system header of this test
#include <step.h>

int total;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  total = step(1);
  MPI_Win_free(0);
  // CHECK: prefix-cache.c:[[@LINE-1]]:3: error: {{.*}}MPI_Win_free
  MPI_Finalize();
  return 0;
}
