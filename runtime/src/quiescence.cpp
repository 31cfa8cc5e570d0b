// quiescence.cpp - termination and deadlock detection by repeated MPI_Iallreduce waves.
#include "quiescence.h"

namespace bamboo::detail {
namespace {
// Waves are paced: an idle process waiting for a message must not flood the network with
// them (they would slow the very message it waits for). Detection then takes a few
// milliseconds. A busy process need not hurry at all: nobody is quiescent before it.
constexpr auto IdleWaveInterval = std::chrono::milliseconds(1);
constexpr auto BusyWaveInterval = std::chrono::milliseconds(20);
enum Slot { Busy, Sent, Received, Live };
} // namespace

JobState QuiescenceDetector::step(const LocalActivity &Now) {
  if (Wave != MPI_REQUEST_NULL) {
    int Done = 0;
    MPI_Test(&Wave, &Done, MPI_STATUS_IGNORE);
    if (!Done)
      return JobState::Running;
    bool Quiet = Result[Busy] == 0 && Result[Sent] == Result[Received];
    bool Stable =
        HavePrevious && Result[Sent] == PreviousSent && Result[Received] == PreviousReceived;
    HavePrevious = Quiet;
    PreviousSent = Result[Sent];
    PreviousReceived = Result[Received];
    if (Quiet && Stable)
      return Result[Live] == 0 ? JobState::Terminated : JobState::Deadlocked;
  }

  auto Clock = std::chrono::steady_clock::now();
  if (Clock - LastStart < (Now.Busy ? BusyWaveInterval : IdleWaveInterval))
    return JobState::Running;
  LastStart = Clock;
  Contribution[Busy] = Now.Busy ? 1 : 0;
  Contribution[Sent] = static_cast<long long>(Now.TransfersSent);
  Contribution[Received] = static_cast<long long>(Now.TransfersReceived);
  Contribution[Live] = Now.LiveTasks;
  MPI_Iallreduce(Contribution, Result, 4, MPI_LONG_LONG, MPI_SUM, Comm, &Wave);
  return JobState::Running;
}

void QuiescenceDetector::drain() {
  if (Wave != MPI_REQUEST_NULL)
    MPI_Wait(&Wave, MPI_STATUS_IGNORE);
}

} // namespace bamboo::detail
