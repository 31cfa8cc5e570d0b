// Thread-local globals and statics (__thread, _Thread_local) are one per
// thread under MPI, so one per rank here: each form is privatized, its keyword
// dropped, and a rank that changes its instance does not change another's.
// Every other thread of a rank's OpenMP team has its own, a copy of the
// variable's initial value made at its first use, and finds it again in the
// team's next region, as under MPI: the output is the MPI build's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo_cxx -Wall -Werror %s -o %t/app
// RUN: env BAMBOO_VF=3 %mpiexec -n 1 %t/app | sort | FileCheck %s
// CHECK:      rank 0: hits 0 more 3 calls 2
// CHECK-NEXT: rank 1: hits 1 more 4 calls 2
// CHECK-NEXT: rank 2: hits 2 more 5 calls 2
// RUN: %bamboo_cxx -Wall -Werror -fopenmp -DTEAM %s -o %t/team
// RUN: env OMP_NUM_THREADS=2 BAMBOO_VF=2 %mpiexec -n 1 %t/team | sort > %t/team.out
// RUN: FileCheck %s --check-prefix=TEAM < %t/team.out
// TEAM:      rank 0 round 0 thread 0: hits 1 more 3 calls 2
// TEAM-NEXT: rank 0 round 0 thread 1: hits 1 more 4 calls 1
// TEAM-NEXT: rank 0 round 1 thread 0: hits 2 more 3 calls 3
// TEAM-NEXT: rank 0 round 1 thread 1: hits 2 more 5 calls 2
// TEAM-NEXT: rank 0: hits 2 more 3 calls 4
// TEAM-NEXT: rank 1 round 0 thread 0: hits 2 more 4 calls 2
// TEAM-NEXT: rank 1 round 0 thread 1: hits 1 more 4 calls 1
// TEAM-NEXT: rank 1 round 1 thread 0: hits 3 more 4 calls 3
// TEAM-NEXT: rank 1 round 1 thread 1: hits 2 more 5 calls 2
// TEAM-NEXT: rank 1: hits 3 more 4 calls 4
// RUN: %mpicc -fopenmp -DTEAM %s -o %t/team-mpi
// RUN: env OMP_NUM_THREADS=2 %mpiexec -n 2 %t/team-mpi | sort | diff %t/team.out -
#include <mpi.h>
#include <stdio.h>
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
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  hits += rank;
  more += rank;
  tick();
  MPI_Barrier(MPI_COMM_WORLD);
#ifdef TEAM
  for (int round = 0; round < 2; ++round) {
#pragma omp parallel num_threads(2)
    {
      int thread = omp_get_thread_num();
      hits += 1;
      if (thread != 0)
        more += 1;
      int h = hits, m = more, calls = tick();
#pragma omp critical
      printf("rank %d round %d thread %d: hits %d more %d calls %d\n", rank, round, thread, h,
             m, calls);
    }
  }
#endif
  printf("rank %d: hits %d more %d calls %d\n", rank, hits, more, tick());
  MPI_Finalize();
  return 0;
}
