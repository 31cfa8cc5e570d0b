// worker_loop.cpp - the workers: pick a ready task, run it, poll MPI and the detector; and the
// progress thread that polls while tasks compute.
#include "runtime_core.h"

#include "fatal_error.h"

#include <sched.h>

#include <algorithm>
#include <exception>
#include <thread>

namespace bamboo::detail {

void Runtime::workerLoop(int Worker) {
  int IdleRounds = 0;
  auto IdleStart = Clock::now();
  for (;;) {
    RankTask *T = nullptr;
    bool OthersWaiting = false;
    {
      std::unique_lock L(Lock);
      if (State != JobState::Running)
        break;
      T = Sched.pop();
      if (!T) {
        if (Worker == 0) {
          if (pollLocked())
            IdleRounds = 0; // something moved: keep spinning
          T = Sched.pop();
        } else {
          // Only worker 0 polls when idle; helpers sleep until work appears.
          Sched.Available.wait_for(L, std::chrono::microseconds(500));
          continue;
        }
      }
      OthersWaiting = Sched.blockedCount() > 0;
    }
    if (T) {
      // Idle: from the end of the last run (and of the poll after it) to this one.
      Watchers.workerIdled(Worker, Clock::now() - IdleStart);
      IdleRounds = 0;
      runTask(*T, Worker, OthersWaiting);
      IdleStart = Clock::now();
      continue;
    }
    // Nothing to run: spin for a while (latency), then yield the core, then sleep a little.
    ++IdleRounds;
    if (IdleRounds > 100000)
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    else if (IdleRounds > 1000)
      sched_yield();
  }
  Watchers.workerIdled(Worker, Clock::now() - IdleStart);
}

void Runtime::runTask(RankTask &T, int Worker, bool OthersWaiting) {
  auto Begin = Clock::now();
  setCurrentTask(&T);
  // The children that were woken first (a nonblocking collective others may wait for), then
  // the task's own coroutine unless it still waits.
  std::vector<ChildTask *> Woken;
  {
    std::lock_guard L(Lock);
    for (auto &Ch : T.Children)
      if (std::exchange(Ch->Runnable, false))
        Woken.push_back(Ch.get());
  }
  for (ChildTask *Ch : Woken)
    resumeChild(T, *Ch);
  bool RunMain;
  {
    std::lock_guard L(Lock);
    RunMain = !T.MainBlocked && !T.Root.done();
  }
  if (RunMain)
    runTrampoline(std::exchange(T.ResumePoint, nullptr));
  setCurrentTask(nullptr);
  auto End = Clock::now();
  Watchers.taskRan(Worker, T.WorldRank, Begin, End, OthersWaiting);

  bool Ended;
  {
    std::lock_guard L(Lock);
    Ended = T.Root.done() && T.Children.empty();
  }
  if (Ended)
    finishTask(T);
  std::lock_guard L(Lock);
  Sched.afterRun(T);
  Watchers.blockedTasksChanged(Sched.blockedCount(), End);
  pollLocked(); // send what this run produced at once
}

void Runtime::resumeChild(RankTask &T, ChildTask &Ch) {
  ChildTask *Outer = std::exchange(T.RunningChild, &Ch);
  runTrampoline(std::exchange(Ch.ResumePoint, nullptr));
  T.RunningChild = Outer;
  if (!Ch.Body.done())
    return;
  try {
    Ch.Body.result();
  } catch (const std::exception &E) {
    fatal("rank " + std::to_string(T.WorldRank) + ": uncaught exception: " + E.what());
  } catch (...) {
    fatal("rank " + std::to_string(T.WorldRank) + ": uncaught exception");
  }
  std::lock_guard L(Lock);
  Request &R = *Ch.Completes;
  Eng.complete(R);
  release(&R);
  auto It = std::find_if(T.Children.begin(), T.Children.end(),
                         [&](const auto &P) { return P.get() == &Ch; });
  T.Children.erase(It);
}

void Runtime::finishTask(RankTask &T) {
  try {
    T.ExitCode = T.Root.result();
  } catch (const RankExit &E) {
    T.ExitCode = E.Status;
  } catch (const std::exception &E) {
    fatal("rank " + std::to_string(T.WorldRank) + ": uncaught exception: " + E.what());
  } catch (...) {
    fatal("rank " + std::to_string(T.WorldRank) + ": uncaught exception");
  }
  // Rank-local variables die with their rank, in reverse order of declaration.
  setCurrentTask(&T);
  for (std::size_t I = T.Locals.size(); I-- > 0;)
    if (T.Locals[I])
      T.LocalDestroyers[I](std::exchange(T.Locals[I], nullptr));
  setCurrentTask(nullptr);
}

void Runtime::progressLoop() {
  // MPI moves a large (rendezvous) message only while both sides call MPI. Workers poll
  // between task runs and while idle; a task that computes for milliseconds would stall the
  // transfers of the ranks waiting for it. This thread polls in the meantime, never waiting
  // for the engine lock (a worker that holds it is polling already).
  // With nothing in flight it looks less often: its wake-ups cost the computing task.
  auto Interval = std::chrono::microseconds(Opts.ProgressIntervalMicros);
  auto Quiet = std::max(Interval, std::chrono::microseconds(1000));
  bool InFlight = true;
  while (!StopProgress.load(std::memory_order_relaxed)) {
    std::this_thread::sleep_for(InFlight ? Interval : Quiet);
    std::unique_lock L(Lock, std::try_to_lock);
    if (!L || State != JobState::Running)
      continue;
    if (Sched.runningCount() > 0)
      Net.progress();
    InFlight = Net.inFlight();
  }
}

bool Runtime::pollLocked() {
  bool Did = Net.progress();
  if (Did)
    Watchers.blockedTasksChanged(Sched.blockedCount(), Clock::now());
  // The detector needs no more than a look every few tens of microseconds; polling it on
  // every turn of an idle loop would add an MPI call to every message's latency.
  auto Now = Clock::now();
  if (Now - LastDetectorStep < std::chrono::microseconds(50))
    return Did;
  LastDetectorStep = Now;
  LocalActivity A;
  A.Busy = Sched.readyCount() > 0 || Sched.runningCount() > 0 || Net.busy();
  const TransportCounters &N = Net.counters();
  A.TransfersSent = N.FramesSent + N.PayloadsCompletedSent;
  A.TransfersReceived = N.FramesReceived + N.PayloadsCompletedReceived;
  A.LiveTasks = Sched.liveTasks();
  JobState S = Detector.step(A);
  if (S != JobState::Running) {
    State = S;
    Sched.Available.notify_all();
  }
  return Did;
}

} // namespace bamboo::detail
