// quiescence.h - noticing that the whole job can no longer make progress.
//
// Each process keeps one non-blocking MPI_Iallreduce "wave" going on the control
// communicator. It contributes: is it busy (a task ready or running, payloads arriving, frames
// not yet sent), how many transfers it has completed as sender and as receiver, and how many of
// its tasks are still alive. Counters only grow, so if two consecutive waves report every
// process idle with the same totals and sent == received, nothing happened in between and
// nothing is in flight: the job is quiescent. It has then terminated (no task alive) or
// deadlocked.
//
// A transfer is a frame (sent when posted, received when taken) or a large payload (counted
// on each side when MPI completes it there). Counting payloads matters: a receiver can see its
// payload arrive before the sender's MPI_Isend completes; until both sides have counted it,
// the totals differ, so the sender's task that the completion will wake is not declared dead.
//
// Every member runs under the engine lock.
#pragma once

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

private:
  MPI_Comm Comm = MPI_COMM_NULL;
  MPI_Request Wave = MPI_REQUEST_NULL;
  long long Contribution[4] = {0, 0, 0, 0};
  long long Result[4] = {0, 0, 0, 0};
  bool HavePrevious = false;
  long long PreviousSent = -1, PreviousReceived = -1;
  std::chrono::steady_clock::time_point LastStart{};
};

} // namespace bamboo::detail
