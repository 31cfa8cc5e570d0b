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
  // a record to send, a payload or frame arriving.
  void demand() {
    if (Asleep)
      Wake.notify_one();
  }
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
  std::condition_variable Wake;
  bool Asleep = false;
  bool Finished = false;
};

} // namespace bamboo::detail
