// quiescence_test.cpp - the detector's waves on their own, over a communicator of one process
// (each process of the test runs its own detector on MPI_COMM_SELF).
#include "quiescence.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

using namespace bamboo::detail;

namespace {
// Lets 100 us pass on the detector's clock (clock.h): a sleep, or under SimGrid's SMPI, where
// that clock is the simulated time, 100 us of simulated computation.
void pause() {
#ifdef SMPI_H
  smpi_execute(100e-6);
#else
  std::this_thread::sleep_for(std::chrono::microseconds(100));
#endif
}

// Steps the detector with Activity() until it leaves Running or For has passed.
template <class Fn>
JobState stepFor(QuiescenceDetector &D, std::chrono::milliseconds For, Fn &&Activity) {
  auto End = Clock::now() + For;
  while (Clock::now() < End) {
    JobState S = D.step(Activity());
    if (S != JobState::Running)
      return S;
    pause();
  }
  return JobState::Running;
}

struct SelfDetector {
  MPI_Comm Comm = MPI_COMM_NULL;
  QuiescenceDetector D;
  SelfDetector() {
    MPI_Comm_dup(MPI_COMM_SELF, &Comm);
    D.init(Comm);
  }
  ~SelfDetector() {
    D.drain();
    MPI_Comm_free(&Comm);
  }
};
} // namespace

TEST(QuiescencePart, IdleWithTasksLeftIsADeadlock) {
  SelfDetector S;
  LocalActivity Idle{false, 3, 3, 2};
  EXPECT_EQ(stepFor(S.D, std::chrono::seconds(2), [&] { return Idle; }), JobState::Deadlocked);
}

TEST(QuiescencePart, IdleWithNoTaskLeftHasTerminated) {
  SelfDetector S;
  LocalActivity Done{false, 5, 5, 0};
  EXPECT_EQ(stepFor(S.D, std::chrono::seconds(2), [&] { return Done; }), JobState::Terminated);
}

TEST(QuiescencePart, ABusyProcessIsNeverQuiescentAndSendsNothing) {
  SelfDetector S;
  LocalActivity Busy{true, 0, 0, 1};
  EXPECT_EQ(stepFor(S.D, std::chrono::milliseconds(100), [&] { return Busy; }), JobState::Running);
  EXPECT_EQ(S.D.waves(), 0u); // issue 11: no background traffic while ranks compute
}

TEST(QuiescencePart, WavesThatFindTransfersInFlightComeLessOften) {
  // Idle, with a transfer that never lands: at 1 ms a wave, 300 ms would take about 300;
  // doubling to 32 ms takes about 15.
  SelfDetector S;
  LocalActivity Waiting{false, 4, 3, 1};
  EXPECT_EQ(stepFor(S.D, std::chrono::milliseconds(300), [&] { return Waiting; }),
            JobState::Running);
  EXPECT_GE(S.D.waves(), 5u);
  EXPECT_LE(S.D.waves(), 30u);
}

TEST(QuiescencePart, AMessageInFlightIsNotQuiescence) {
  // Sent but not yet received: the receiver's task will wake when it lands.
  SelfDetector S;
  LocalActivity InFlight{false, 4, 3, 1};
  EXPECT_EQ(stepFor(S.D, std::chrono::milliseconds(100), [&] { return InFlight; }),
            JobState::Running);
}

TEST(QuiescencePart, CountersThatMoveBetweenWavesAreNotQuiescence) {
  // Each wave sees every process idle with sent == received, but transfers happened between
  // them: something ran in between, so the detector must wait for two equal waves.
  SelfDetector S;
  std::uint64_t Transfers = 0;
  auto Moving = [&] {
    ++Transfers;
    return LocalActivity{false, Transfers, Transfers, 1};
  };
  EXPECT_EQ(stepFor(S.D, std::chrono::milliseconds(300), Moving), JobState::Running);
  EXPECT_LE(S.D.waves(), 30u); // and come less often while the job runs
}
