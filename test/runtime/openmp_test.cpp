// openmp_test.cpp - an OpenMP team works for the rank that started it (openmp_teams.cpp): every
// thread of the team, however the team was started, sees the rank's per-rank variables, with one
// worker or several. Compiled with -fopenmp; run with OMP_NUM_THREADS=3.
#include "runtime_test_support.h"

#include <omp.h>

#include <atomic>
#include <set>
#include <thread>

using namespace bamboo;
using namespace bamboo::test;

namespace {

RankLocal<int> Owner;

// Counts, on every thread of the current team, the uses of Owner that do not see Rank.
struct TeamCheck {
  std::atomic<int> Wrong{0};
  std::atomic<int> Uses{0};
  void see(int Rank) {
    if (*Owner != Rank)
      ++Wrong;
    ++Uses;
  }
};

constexpr int Iterations = 300;

// Every way GCC starts a team (each a different libgomp entry point).
void checkEveryKindOfTeam(int Rank) {
  TeamCheck C;
#pragma omp parallel num_threads(3) // GOMP_parallel
  C.see(Rank);
#pragma omp parallel for schedule(static) num_threads(3) // GOMP_parallel, loop inside
  for (int I = 0; I < Iterations; ++I)
    C.see(Rank);
#pragma omp parallel for schedule(dynamic, 7) num_threads(3) // GOMP_parallel_loop_dynamic
  for (int I = 0; I < Iterations; ++I)
    C.see(Rank);
#pragma omp parallel for schedule(guided) num_threads(3) // GOMP_parallel_loop_guided
  for (int I = 0; I < Iterations; ++I)
    C.see(Rank);
#pragma omp parallel for schedule(runtime) num_threads(3) // GOMP_parallel_loop_runtime
  for (int I = 0; I < Iterations; ++I)
    C.see(Rank);
#pragma omp parallel for schedule(nonmonotonic : dynamic) num_threads(3)
  for (int I = 0; I < Iterations; ++I)
    C.see(Rank);
#pragma omp parallel sections num_threads(3) // GOMP_parallel_sections
  {
#pragma omp section
    C.see(Rank);
#pragma omp section
    C.see(Rank);
#pragma omp section
    C.see(Rank);
  }
  int Sum = 0;
#pragma omp parallel reduction(task, + : Sum) num_threads(3) // GOMP_parallel_reductions
#pragma omp single
  for (int I = 0; I < 30; ++I)
#pragma omp task in_reduction(+ : Sum)
  {
    C.see(Rank);
    Sum += 1;
  }
  EXPECT_EQ(Sum, 30);
  EXPECT_EQ(C.Wrong.load(), 0) << "of " << C.Uses.load() << " uses";
  EXPECT_EQ(C.Uses.load(), 3 + 5 * Iterations + 3 + 30);
}

TEST(OpenMP, EveryThreadOfARanksTeamSeesTheRanksVariables) {
  runRanks([](int, char **) {
    int Rank = rank();
    *Owner = Rank;
    // Rank by rank in turn too, so that pooled threads serve one rank's team, then another's.
    for (int Turn = 0; Turn < 3; ++Turn) {
      checkEveryKindOfTeam(Rank);
      mpi::Barrier(MPI_COMM_WORLD);
    }
    return 0;
  });
}

TEST(OpenMP, NestedTeamsAndTasksWorkForTheRank) {
  runRanks([](int, char **) {
    int Rank = rank();
    *Owner = Rank;
    omp_set_max_active_levels(2);
    TeamCheck C;
#pragma omp parallel num_threads(2)
    {
#pragma omp parallel num_threads(2)
      C.see(Rank);
#pragma omp single
      for (int I = 0; I < 20; ++I)
#pragma omp task
        C.see(Rank);
    }
    omp_set_max_active_levels(1);
    EXPECT_EQ(C.Wrong.load(), 0);
    EXPECT_EQ(C.Uses.load(), 2 * 2 + 20);
    return 0;
  });
}

TEST(OpenMP, ATeamActuallyHasThreadsOtherThanTheRanks) {
  runRanks([](int, char **) {
    std::mutex M;
    std::set<std::thread::id> Threads;
#pragma omp parallel num_threads(3)
    {
      std::lock_guard L(M);
      Threads.insert(std::this_thread::get_id());
    }
    EXPECT_EQ(Threads.size(), 3u);
    return 0;
  });
}

// A static local first used inside a parallel region: one instance per rank, made once, that
// every thread of the team shares.
TEST(OpenMP, AStaticLocalFirstUsedByATeamIsOnePerRank) {
  static RankLocal<std::atomic<int>> Counter;
  runRanks([](int, char **) {
    int Rank = rank();
    std::atomic<int> Made{0};
    std::atomic<std::atomic<int> *> First{nullptr};
    std::atomic<int> Different{0};
#pragma omp parallel for num_threads(3)
    for (int I = 0; I < Iterations; ++I) {
      std::atomic<int> &Mine = Counter.once([&] {
        ++Made;
        return Rank * 1000;
      });
      std::atomic<int> *Expected = nullptr;
      if (!First.compare_exchange_strong(Expected, &Mine) && Expected != &Mine)
        ++Different;
      ++Mine;
    }
    EXPECT_EQ(Different.load(), 0);
    EXPECT_EQ(Made.load(), 1); // made once, as a guarded static local
    EXPECT_EQ(Counter->load(), Rank * 1000 + Iterations);
    return 0;
  });
}

} // namespace
