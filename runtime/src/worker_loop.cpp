// worker_loop.cpp - the workers: pick a ready task, run it, poll MPI and the detector; and the
// progress thread that polls while tasks compute.
#include "runtime_core.h"

#include "bamboo/rank_local.h"
#include "fatal_error.h"
#include "simulated_mpi.h"

#include <sched.h>

#include <algorithm>
#include <thread>

namespace bamboo::detail {

void Runtime::workerLoop(int Worker) {
  // The clock is read only for observers: on a virtual machine a read can cost as much as
  // an MPI poll, and the idle loop is every message's latency.
  const bool Timed = Watchers.watchScheduler();
  int IdleRounds = 0;
  Clock::time_point IdleStart = Timed ? Clock::now() : Clock::time_point();
  for (;;) {
    RankTask *T = nullptr;
    bool OthersWaiting = false;
    {
      std::unique_lock L(Lock);
      if (State != JobState::Running)
        break;
      T = Sched.pop(Worker);
      if (!T) {
        if (Worker == 0) {
          if (pollLocked(/*Idle=*/true))
            IdleRounds = 0; // something moved: keep spinning
          T = Sched.pop(Worker);
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
      if (Timed)
        Watchers.workerIdled(Worker, Clock::now() - IdleStart);
      IdleRounds = 0;
      runTask(*T, Worker, OthersWaiting, Timed);
      if (Timed)
        IdleStart = Clock::now();
      continue;
    }
    // Nothing to run: spin for a while (latency), then yield the core, then sleep a little.
    // A simulated process instead waits in MPI until something happens: the one OS thread
    // runs every simulated process, so a sleep would stall them all, and every poll is a
    // switch into the simulator that advances the simulated clock by a modelled constant
    // (simulated_mpi.h, docs/scale.md).
    ++IdleRounds;
    if constexpr (MPIIsSimulated) {
      std::lock_guard L(Lock);
      if (State == JobState::Running && Sched.readyCount() == 0)
        waitForMPILocked();
      continue;
    }
    if (IdleRounds > 100000)
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    else if (IdleRounds > 1000)
      sched_yield();
  }
  if (Timed)
    Watchers.workerIdled(Worker, Clock::now() - IdleStart);
}

void Runtime::runTask(RankTask &T, int Worker, bool OthersWaiting, bool Timed) {
  Clock::time_point Begin = Timed ? Clock::now() : Clock::time_point();
  setCurrentTask(&T);
  // The children that were woken first (a nonblocking collective others may wait for), then
  // the rank's own thread unless it still waits.
  std::vector<ChildTask *> Woken;
  bool RunMain;
  {
    std::lock_guard L(Lock);
    for (auto &Ch : T.Children)
      if (std::exchange(Ch->Runnable, false))
        Woken.push_back(Ch.get());
    RunMain = Woken.empty() && !T.MainBlocked && !T.Thread->done();
    // The rank computes from here: the progress thread moves what is on its way meanwhile.
    if (Net.busy() || Eng.awaitsMessages())
      Progress.wake();
  }
  if (!Woken.empty()) { // a child's run may have unblocked the rank's own thread
    for (ChildTask *Ch : Woken)
      resumeChild(Api, T, *Ch);
    std::lock_guard L(Lock);
    RunMain = !T.MainBlocked && !T.Thread->done();
  }
  if (RunMain) {
    if (T.CallDepth == 0) // the rank's code starts; else it resumes where its call returns
      Charges.resume();
    T.Thread->resume();
    Charges.pause(); // the rank's code ended, or it is paused in a call already
  }
  setCurrentTask(nullptr);
  Clock::time_point End = Timed ? Clock::now() : Clock::time_point();
  if (Timed)
    Watchers.taskRan(Worker, T.WorldRank, Begin, End, OthersWaiting);

  ProgressSignal::deferDemandsOnThisThread(true); // this worker polls until its next run
  std::unique_lock L(Lock);
  Sched.afterRun(T);
  if (Timed)
    Watchers.blockedTasksChanged(Sched.blockedCount(), End);
  pollLocked(/*Idle=*/false); // send what this run produced at once
}

void Runtime::runRank(RankTask &T, const RankMain &Body) {
  makeBeforeMainLocals(); // the rank's globals, initialized before its main as in C++
  try {
    T.ExitCode = Body(T.Argc, T.Argv.data());
  } catch (const RankExit &E) {
    T.ExitCode = E.Status;
  } catch (...) {
    fatalUncaughtException(T.WorldRank);
  }
  // Rank-local variables die with their rank, in reverse order of declaration.
  T.Locals.destroyAll();
}

void Runtime::progressLoop() {
  // MPI moves a large (rendezvous) message only while both sides call MPI. Workers poll
  // between task runs and while idle; a task that computes for milliseconds would stall the
  // transfers of the ranks waiting for it. This thread polls in the meantime, never waiting
  // for the engine lock (a worker that holds it is polling already).
  // Its wake-ups cost the computing task: while ranks only wait for messages it looks less
  // often, and with nothing posted or on its way it sleeps until something is.
  auto Interval = std::chrono::microseconds(Opts.ProgressIntervalMicros);
  auto Quiet = std::max(Interval, std::chrono::microseconds(1000));
  bool InFlight = true;
  std::unique_lock L(Lock, std::defer_lock);
  for (;;) {
    std::this_thread::sleep_for(InFlight ? Interval : Quiet);
    if (!L.try_lock())
      continue;
    if (Progress.finished())
      return;
    if (State == JobState::Running && Sched.runningCount() > 0) {
      Net.progress();
      ++ProgressPolls;
    }
    InFlight = Net.inFlight();
    if (!InFlight && !Eng.awaitsMessages()) {
      Progress.sleep(L);
      if (Progress.finished())
        return;
      // Woken because something is on its way (a frame a computing rank queued): the next
      // look comes after one interval, not after a quiet one, or the frame would wait a
      // millisecond while its receiver waits for it.
      InFlight = true;
    }
    L.unlock();
  }
}

bool Runtime::pollLocked(bool Idle) {
  bool Did = Net.progress();
  if (Did && Watchers.watchScheduler())
    Watchers.blockedTasksChanged(Sched.blockedCount(), Clock::now());
  // The detector needs no more than a look every few tens of microseconds; polling it on
  // every turn of an idle loop would add an MPI call to every message's latency, and reading
  // the clock on every turn costs nearly as much. An idle loop turns in well under a
  // microsecond, so every 16th turn is often enough.
  if (Idle && ++IdlePollsSinceClock < 16)
    return Did;
  IdlePollsSinceClock = 0;
  auto Now = Clock::now();
  if (Now - LastDetectorStep < std::chrono::microseconds(50))
    return Did;
  LastDetectorStep = Now;
  detectorStepLocked(/*Blocking=*/false);
  return Did;
}

void Runtime::detectorStepLocked(bool Blocking) {
  LocalActivity A;
  A.Busy = Sched.readyCount() > 0 || Sched.runningCount() > 0 || Net.busy();
  const TransportCounters &N = Net.counters();
  A.TransfersSent = N.FramesSent + N.PayloadsCompletedSent;
  A.TransfersReceived = N.FramesReceived + N.PayloadsCompletedReceived;
  A.LiveTasks = Sched.liveTasks();
  JobState S = Detector.step(A, Blocking);
  if (S != JobState::Running) {
    State = S;
    Sched.Available.notify_all();
  }
}

void Runtime::waitForMPILocked() {
  // The only worker (a simulation has no threads of ours) is idle, so only MPI can bring work:
  // a frame piece, a payload, a send's completion, or the detector's wave, which an idle
  // process keeps outstanding so that a quiescent job ends (quiescence.h). A busy transport
  // has something on its way, whose completion wakes this wait.
  detectorStepLocked(/*Blocking=*/true);
  if (State == JobState::Running && !Detector.waveCompleted())
    Net.waitForAny(Detector.wave());
}

} // namespace bamboo::detail
