// quiescence.cpp - termination and deadlock detection by repeated waves of sums.
#include "quiescence.h"

#include <algorithm>

namespace bamboo::detail {
namespace {
enum Slot { Sent, Received, Live }; // a process joins only when idle: no busy flag
} // namespace

JobState QuiescenceDetector::step(const LocalActivity &Now, bool Blocking) {
  if (Outstanding) {
    if (!Wave.test())
      return JobState::Running;
    Outstanding = false;
    const NonblockingSum::Counts &Result = Wave.result();
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
  if (At - LastStart < Interval && !Blocking)
    return JobState::Running;
  LastStart = At;
  ++Waves;
  NonblockingSum::Counts Contribution{};
  Contribution[Sent] = static_cast<long long>(Now.TransfersSent);
  Contribution[Received] = static_cast<long long>(Now.TransfersReceived);
  Contribution[Live] = Now.LiveTasks;
  Wave.start(Contribution);
  Outstanding = true;
  Wave.test(); // sends this process's first message
  return JobState::Running;
}

void QuiescenceDetector::drain() { Wave.wait(); }

} // namespace bamboo::detail
