// quiescence.h - noticing that the whole job can no longer make progress.
//
// A process that is idle (no task ready or running, no payload arriving, no frame unsent)
// joins a non-blocking allreduce "wave" on the control communicator (nonblocking_sum.h),
// contributing how many transfers it has completed as sender and as receiver and how many of its
// tasks are still alive. A busy process joins no wave: nobody can be quiescent before it is idle,
// so it sends nothing, and the others' wave simply completes later. Counters only grow, so if two
// consecutive waves report the same totals with sent == received, nothing happened in
// between and nothing is in flight: the job is quiescent. It has then terminated (no task
// alive) or deadlocked. One wave is outstanding at a time, so a process waiting for a long
// computation elsewhere sends nothing more. Waves start at most every millisecond; while they
// find transfers in flight or counters that moved, the interval doubles, up to 32 ms, and the
// first quiet wave is confirmed 1 ms later. docs/runtime.md has the traffic this makes.
// A process about to block in MPI until something completes (a simulated one) cannot wait for
// a wave to be due: it starts one whenever it blocks and none is outstanding, and waits for it
// with its other requests.
//
// A transfer is a frame (sent when posted, received when taken) or a large payload (counted
// on each side when MPI completes it there). Counting payloads matters: a receiver can see its
// payload arrive before the sender's MPI_Isend completes; until both sides have counted it,
// the totals differ, so the sender's task that the completion will wake is not declared dead.
//
// Every member runs under the engine lock.
#pragma once

#include "clock.h"
#include "nonblocking_sum.h"

#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <span>

namespace bamboo::detail {

enum class JobState { Running, Terminated, Deadlocked };

struct LocalActivity {
  bool Busy = false;
  std::uint64_t TransfersSent = 0;
  std::uint64_t TransfersReceived = 0;
  int LiveTasks = 0;
};

class QuiescenceDetector {
public:
  void init(MPI_Comm Control) { Wave.init(Control, /*Tag=*/1); }
  // Advances the current wave; starts the next one when due, or now if the caller is about to
  // block until an MPI operation completes (Blocking) and is idle.
  JobState step(const LocalActivity &Now, bool Blocking = false);
  // What the outstanding wave waits for, for a caller that waits for it among other requests
  // (NonblockingSum::pending); the next step goes on from there.
  std::span<MPI_Request> wave() { return Wave.pending(); }
  // The wave is complete and the next step reads it: a caller must step, not wait, first.
  bool waveCompleted() const { return Outstanding && !Wave.active(); }
  // A wave still outstanding at shutdown must complete before MPI is finalized.
  void drain();
  // Waves this process has joined (BAMBOO_STATS).
  std::uint64_t waves() const { return Waves; }

private:
  NonblockingSum Wave;
  bool Outstanding = false; // a wave was started and its result not yet read
  bool HavePrevious = false;
  long long PreviousSent = -1, PreviousReceived = -1;
  Clock::time_point LastStart{};
  // Between idle waves: from ShortestInterval, doubling up to LongestInterval while waves find
  // the job running. Waves are paced: an idle process waiting for a message must not flood the
  // network with them (they would slow the very message it waits for). Detection then takes
  // from a few milliseconds after the last activity to about one longest interval more.
  static constexpr std::chrono::microseconds ShortestInterval{1000};
  static constexpr std::chrono::microseconds LongestInterval{32000};
  std::chrono::microseconds Interval = ShortestInterval;
  std::uint64_t Waves = 0;
};

} // namespace bamboo::detail
