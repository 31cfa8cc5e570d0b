// Thread-local globals and statics (__thread, _Thread_local) are one per
// thread under MPI, so one per rank here: each form is privatized, its keyword
// dropped, and a rank that changes its instance does not change another's.
// Used by a thread of the rank's OpenMP team, such a variable would be one
// instance for the whole team where MPI gives each thread its own: the job
// stops with a message naming it, instead of running wrong.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo_cxx -Wall -Werror %s -o %t/app
// RUN: env BAMBOO_VF=3 %mpiexec -n 1 %t/app | sort | FileCheck %s
// CHECK:      rank 0: hits 0 more 3 calls 2
// CHECK-NEXT: rank 1: hits 1 more 4 calls 2
// CHECK-NEXT: rank 2: hits 2 more 5 calls 2
// RUN: %bamboo_cxx -Wall -Werror -fopenmp -DTEAM %s -o %t/team
// RUN: env OMP_NUM_THREADS=2 %mpiexec -n 1 %t/team | FileCheck %s --check-prefix=MASTER
// MASTER: rank 0: hits 1 more 3 calls 2
// RUN: not env OMP_NUM_THREADS=2 BAMBOO_VF=2 %mpiexec -n 1 %t/team -all 2>&1 | FileCheck %s --check-prefix=TEAM
// TEAM: 'hits' is thread-local (one per thread under MPI), and a thread of rank {{[01]}}'s OpenMP team used it: one instance per thread of a rank's team is not supported; the rank's own thread may use it
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#ifdef TEAM
#include <omp.h>
#endif

__thread int hits;
static _Thread_local int more = 3;

static int tick(void) {
  static __thread int calls;
  return ++calls;
}

int main(int argc, char **argv) {
  int rank, all = argc > 1 && strcmp(argv[1], "-all") == 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  hits += rank;
  more += rank;
  tick();
  MPI_Barrier(MPI_COMM_WORLD);
  (void)all;
#ifdef TEAM
  /* Only the team's master (the rank's own thread) uses them, unless -all. */
#pragma omp parallel
  if (all || omp_get_thread_num() == 0)
    hits += 1;
#endif
  printf("rank %d: hits %d more %d calls %d\n", rank, hits, more, tick());
  MPI_Finalize();
  return 0;
}
