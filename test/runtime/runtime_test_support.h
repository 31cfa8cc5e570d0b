// runtime_test_support.h - running a test body as every virtual rank of the job.
#pragma once

#include <bamboo/bamboo.h>
#include <bamboo/options.h>
#include <gtest/gtest.h>

namespace bamboo::test {

// The settings under test: the environment's (CTest sets BAMBOO_VF and BAMBOO_WORKERS).
inline Options settings() { return Options::fromEnvironment(); }

inline int processes() {
  int P = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  return P;
}
// Whether the runtime runs its progress thread: asked for, and MPI is multi-threaded (SimGrid's
// SMPI provides MPI_THREAD_SINGLE, and the runtime then goes without).
inline bool progressThreadRuns() {
  int Provided = MPI_THREAD_SINGLE;
  MPI_Query_thread(&Provided);
  return settings().ProgressIntervalMicros > 0 && Provided == MPI_THREAD_MULTIPLE;
}

inline int jobRanks() { return processes() * settings().VirtualRanksPerProcess; }

// Runs Body as every virtual rank (collective over the job); expects a clean end.
inline void runRanks(RankMain Body, const Options &O = settings()) {
  static char Name[] = "runtime-test";
  static char *Argv[] = {Name, nullptr};
  EXPECT_EQ(run(1, Argv, std::move(Body), O), 0);
}

// Rank of the calling task and size of MPI_COMM_WORLD, through the API under test.
inline int rank() {
  int R = -1;
  mpi::Comm_rank(MPI_COMM_WORLD, &R);
  return R;
}
inline int size() {
  int S = 0;
  mpi::Comm_size(MPI_COMM_WORLD, &S);
  return S;
}

} // namespace bamboo::test

// Skips a test (on every process alike) when the job has too few virtual ranks.
#define BAMBOO_NEED_RANKS(N)                                                                       \
  if (::bamboo::test::jobRanks() < (N))                                                            \
  GTEST_SKIP() << "needs " << (N) << " virtual ranks"
