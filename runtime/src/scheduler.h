// scheduler.h - the ready queue and the suspend/wake protocol.
//
// A task that must wait registers what it waits for (under the engine lock), then suspends
// its thread. Until the worker that ran it has taken the engine lock again, the task is
// still Running: a wake-up in that window only sets WakePending, and the worker requeues the
// task itself (afterRun). So a task is never resumed by two workers, and no wake-up is lost.
//
// Every member runs under the engine lock.
#pragma once

#include "rank_task.h"

#include <condition_variable>
#include <cstdint>
#include <limits>
#include <queue>
#include <vector>

namespace bamboo::detail {

// The priority a task that yields (MPI_Test*, MPI_Iprobe, bamboo::yield) is requeued with: below
// every priority a region can have, so a polling task lets every ready task run first, whatever
// its priority; pollers take turns among themselves (oldest first).
inline constexpr int YieldPriority = std::numeric_limits<int>::min();

// Each rank runs on one worker only (RankTask::Worker), so each worker has a queue of its own.
class Scheduler {
public:
  explicit Scheduler(int Workers) : Ready(Workers) {}

  // Queues a task that has not run yet.
  void admit(RankTask &T) { push(T, 0); }
  // Makes T runnable with the given priority (higher runs first): its own thread, or only its
  // child Child.
  void wake(RankTask &T, int Priority, ChildTask *Child = nullptr);
  // The next task for Worker to run, marked Running; null if none is ready.
  RankTask *pop(int Worker);
  // After T's thread has suspended or finished on its worker. A rank whose thread has
  // finished stays live while children of it still run.
  void afterRun(RankTask &T);
  std::size_t readyCount() const { return ReadyCount; }
  int runningCount() const { return Running; }
  int blockedCount() const { return Blocked; }
  int liveTasks() const { return Live; }
  void setLiveTasks(int N) { Live = N; }

  // Signalled when a task becomes ready or the job ends; idle helper workers wait on it.
  std::condition_variable Available;

private:
  struct Entry {
    int Priority;
    std::uint64_t Seq;
    RankTask *Task;
    bool operator<(const Entry &O) const {
      // std::priority_queue pops the largest: highest priority, then oldest.
      return Priority != O.Priority ? Priority < O.Priority : Seq > O.Seq;
    }
  };
  void push(RankTask &T, int Priority);

  std::vector<std::priority_queue<Entry>> Ready; // one per worker
  std::size_t ReadyCount = 0;
  std::uint64_t NextSeq = 0;
  int Live = 0, Running = 0, Blocked = 0;
};

} // namespace bamboo::detail
