// C++ thread-local variables (one per thread under MPI) are one per rank in
// every declaration form: a global, an internal array, a static data member
// declared in its class and defined outside, a `static thread_local` local.
// Their keywords used to come out as `static static` and as a thread_local
// function and member. Every other thread of a rank's OpenMP team has its own,
// made at its first use, and finds it again in the team's next region, as
// under MPI: the output is the MPI build's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo_cxx -Wall -Werror %s -o %t/app
// RUN: env BAMBOO_VF=3 %mpiexec -n 1 %t/app | sort | FileCheck %s
// CHECK:      rank 0: hits 0 scratch 2 count 2 calls 2
// CHECK-NEXT: rank 1: hits 1 scratch 3 count 3 calls 2
// CHECK-NEXT: rank 2: hits 2 scratch 4 count 4 calls 2
// RUN: %bamboo_cxx -Wall -Werror -fopenmp -DTEAM %s -o %t/team
// RUN: env OMP_NUM_THREADS=2 BAMBOO_VF=2 %mpiexec -n 1 %t/team | sort > %t/team.out
// RUN: FileCheck %s --check-prefix=TEAM < %t/team.out
// TEAM:      rank 0 round 0 thread 0: count 3 calls 2 scratch 2
// TEAM-NEXT: rank 0 round 0 thread 1: count 3 calls 1 scratch 3
// TEAM-NEXT: rank 0 round 1 thread 0: count 4 calls 3 scratch 2
// TEAM-NEXT: rank 0 round 1 thread 1: count 4 calls 2 scratch 4
// TEAM-NEXT: rank 0: hits 0 scratch 2 count 4 calls 4
// TEAM-NEXT: rank 1 round 0 thread 0: count 4 calls 2 scratch 3
// TEAM-NEXT: rank 1 round 0 thread 1: count 3 calls 1 scratch 3
// TEAM-NEXT: rank 1 round 1 thread 0: count 5 calls 3 scratch 3
// TEAM-NEXT: rank 1 round 1 thread 1: count 4 calls 2 scratch 4
// TEAM-NEXT: rank 1: hits 1 scratch 3 count 5 calls 4
// RUN: %mpicxx -fopenmp -DTEAM %s -o %t/team-mpi
// RUN: env OMP_NUM_THREADS=2 %mpiexec -n 2 %t/team-mpi | sort | diff %t/team.out -
#include <cstdio>
#include <mpi.h>
#ifdef TEAM
#include <omp.h>
#endif

thread_local int hits;
static thread_local double scratch[4] = {1, 2, 3, 4};
struct Counter {
  static thread_local int count;
};
thread_local int Counter::count = 2;

int tick() {
  static thread_local int calls = 0;
  return ++calls;
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  hits += rank;
  scratch[1] += rank;
  Counter::count += rank;
  tick();
  MPI_Barrier(MPI_COMM_WORLD);
#ifdef TEAM
  for (int round = 0; round < 2; ++round) {
#pragma omp parallel num_threads(2)
    {
      int thread = omp_get_thread_num();
      Counter::count += 1;
      if (thread != 0)
        scratch[1] += 1;
      int count = Counter::count, calls = tick();
#pragma omp critical
      std::printf("rank %d round %d thread %d: count %d calls %d scratch %g\n", rank, round,
                  thread, count, calls, scratch[1]);
    }
  }
#endif
  std::printf("rank %d: hits %d scratch %g count %d calls %d\n", rank, hits, scratch[1],
              Counter::count, tick());
  MPI_Finalize();
}
