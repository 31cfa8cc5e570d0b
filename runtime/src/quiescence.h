// quiescence.h - noticing that the whole job can no longer make progress.
//
// A process that is idle (no task ready or running, no payload arriving, no frame unsent)
// joins a non-blocking MPI_Iallreduce "wave" on the control communicator, contributing how many
// transfers it has completed as sender and as receiver and how many of its tasks are still
// alive. A busy process joins no wave: nobody can be quiescent before it is idle, so it sends
// nothing, and the others' wave simply completes later. Counters only grow, so if two
// consecutive waves report the same totals with sent == received, nothing happened in
// between and nothing is in flight: the job is quiescent. It has then terminated (no task
// alive) or deadlocked. One wave is outstanding at a time, so a process waiting for a long
// computation elsewhere sends nothing more. Waves start at most every millisecond; while they
// find transfers in flight or counters that moved, the interval doubles, up to 32 ms, and the
// first quiet wave is confirmed 1 ms later. docs/runtime.md has the traffic this makes.
//
// A transfer is a frame (sent when posted, received when taken) or a large payload (counted
// on each side when MPI completes it there). Counting payloads matters: a receiver can see its
// payload arrive before the sender's MPI_Isend completes; until both sides have counted it,
// the totals differ, so the sender's task that the completion will wake is not declared dead.
//
// Every member runs under the engine lock.
#pragma once

#include "clock.h"

#include <mpi.h>

#include <chrono>
#include <cstdint>

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
  void init(MPI_Comm Control) { Comm = Control; }
  // Advances the current wave; starts the next one when due.
  JobState step(const LocalActivity &Now);
  // A wave still outstanding at shutdown must complete before MPI is finalized.
  void drain();
  // Waves this process has joined (BAMBOO_STATS).
  std::uint64_t waves() const { return Waves; }

private:
  MPI_Comm Comm = MPI_COMM_NULL;
  MPI_Request Wave = MPI_REQUEST_NULL;
  long long Contribution[3] = {0, 0, 0};
  long long Result[3] = {0, 0, 0};
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
