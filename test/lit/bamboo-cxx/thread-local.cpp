// C++ thread-local variables (one per thread under MPI) are one per rank in
// every declaration form: a global, an internal array, a static data member
// declared in its class and defined outside, a `static thread_local` local.
// Their keywords used to come out as `static static` and as a thread_local
// function and member. A thread of a rank's OpenMP team that uses one stops the
// job with its name (one instance per thread of a team is not supported).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo_cxx -Wall -Werror %s -o %t/app
// RUN: env BAMBOO_VF=3 %mpiexec -n 1 %t/app | sort | FileCheck %s
// CHECK:      rank 0: hits 0 scratch 2 count 2 calls 2
// CHECK-NEXT: rank 1: hits 1 scratch 3 count 3 calls 2
// CHECK-NEXT: rank 2: hits 2 scratch 4 count 4 calls 2
// RUN: %bamboo_cxx -Wall -Werror -fopenmp -DTEAM %s -o %t/team
// RUN: env OMP_NUM_THREADS=2 %mpiexec -n 1 %t/team | FileCheck %s --check-prefix=MASTER
// MASTER: rank 0: hits 0 scratch 2 count 3 calls 2
// RUN: not env OMP_NUM_THREADS=2 BAMBOO_VF=2 %mpiexec -n 1 %t/team -all 2>&1 | FileCheck %s --check-prefix=TEAM
// TEAM: 'count' is thread-local (one per thread under MPI), and a thread of rank {{[01]}}'s OpenMP team used it
#include <cstdio>
#include <cstring>
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
  bool all = argc > 1 && std::strcmp(argv[1], "-all") == 0;
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  hits += rank;
  scratch[1] += rank;
  Counter::count += rank;
  tick();
  MPI_Barrier(MPI_COMM_WORLD);
  (void)all;
#ifdef TEAM
  // Only the team's master (the rank's own thread) uses it, unless -all.
#pragma omp parallel
  if (all || omp_get_thread_num() == 0)
    Counter::count += 1;
#endif
  std::printf("rank %d: hits %d scratch %g count %d calls %d\n", rank, hits, scratch[1],
              Counter::count, tick());
  MPI_Finalize();
}
