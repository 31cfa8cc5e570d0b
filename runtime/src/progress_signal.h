// progress_signal.h - wakes the progress thread when work begins that needs MPI calls.
//
// The progress thread polls MPI while something is on its way between processes. With nothing
// on its way it sleeps here instead of polling: each wake-up takes a core from a computing
// rank, which a job with no messages would pay for nothing (docs/runtime.md, "Progress").
// Every member runs under the runtime's engine lock.
#pragma once

#include <condition_variable>
#include <mutex>

namespace bamboo::detail {

class ProgressSignal {
public:
  // Work began that another process's MPI calls or ours must move: a receive or probe posted,
  // a record to send, a payload or frame arriving. Wakes the thread only if the caller is a
  // rank that computes after the call returns (a nonblocking call). A blocking call's rank
  // suspends, and the worker polls itself until it resumes a rank; it then calls wake() if
  // work is still on its way. Each wake-up takes a core from a computing rank, perhaps another
  // process's: per blocking call, as a reduction's demands were, it cost CG 10-30% of a step.
  void demand() {
    if (!DeferDemands)
      wake();
  }
  void wake() {
    if (Asleep)
      Wake.notify_one();
  }
  // On this thread, from now on, demands come from a blocking call or a worker between tasks
  // (true), or from a rank that computes next (false). Set at every API call and by the
  // workers; per thread, since each worker runs its own ranks.
  static void deferDemandsOnThisThread(bool Defer) { DeferDemands = Defer; }
  // The progress thread, holding the engine lock in L: sleeps until demand() or finish().
  // It may wake spuriously; it looks again before it sleeps again.
  void sleep(std::unique_lock<std::mutex> &L) {
    Asleep = true;
    Wake.wait(L);
    Asleep = false;
  }
  // The job ends: the progress thread wakes for good.
  void finish() {
    Finished = true;
    Wake.notify_all();
  }
  bool finished() const { return Finished; }

private:
  static inline thread_local bool DeferDemands = false;
  std::condition_variable Wake;
  bool Asleep = false;
  bool Finished = false;
};

} // namespace bamboo::detail
