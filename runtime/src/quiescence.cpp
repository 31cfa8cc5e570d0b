// quiescence.cpp - termination and deadlock detection by repeated MPI_Iallreduce waves.
#include "quiescence.h"

#include <algorithm>

namespace bamboo::detail {
namespace {
enum Slot { Sent, Received, Live }; // a process joins only when idle: no busy flag
} // namespace

JobState QuiescenceDetector::step(const LocalActivity &Now) {
  if (Wave != MPI_REQUEST_NULL) {
    int Done = 0;
    MPI_Test(&Wave, &Done, MPI_STATUS_IGNORE);
    if (!Done)
      return JobState::Running;
    bool Quiet = Result[Sent] == Result[Received];
    bool WasQuiet = HavePrevious;
    bool Stable = WasQuiet && Result[Sent] == PreviousSent && Result[Received] == PreviousReceived;
    HavePrevious = Quiet;
    PreviousSent = Result[Sent];
    PreviousReceived = Result[Received];
    if (Quiet && Stable)
      return Result[Live] == 0 ? JobState::Terminated : JobState::Deadlocked;
    // The first quiet wave is confirmed by the next one soon; while waves find transfers in
    // flight or counts that moved, the job is running and they can come less often.
    Interval = Quiet && !WasQuiet ? ShortestInterval : std::min(Interval * 2, LongestInterval);
  }

  if (Now.Busy) // no traffic while busy
    return JobState::Running;
  auto At = Clock::now();
  if (At - LastStart < Interval)
    return JobState::Running;
  LastStart = At;
  ++Waves;
  Contribution[Sent] = static_cast<long long>(Now.TransfersSent);
  Contribution[Received] = static_cast<long long>(Now.TransfersReceived);
  Contribution[Live] = Now.LiveTasks;
  MPI_Iallreduce(Contribution, Result, 3, MPI_LONG_LONG, MPI_SUM, Comm, &Wave);
  return JobState::Running;
}

void QuiescenceDetector::drain() {
  if (Wave != MPI_REQUEST_NULL)
    MPI_Wait(&Wave, MPI_STATUS_IGNORE);
}

} // namespace bamboo::detail
