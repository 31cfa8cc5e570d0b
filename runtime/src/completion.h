// completion.h - the one wait/wake protocol: a task waits on a WaitGroup, completions wake it.
//
// Under the engine lock a waiting call attaches the requests it needs to a WaitGroup
// (watch), then calls block() (api_support.h), which suspends only if the group is not yet
// satisfied. Whoever completes a request (the engine, the transport, a child task) calls
// complete(), which counts it in its group and wakes the waiter once the group is satisfied.
// Probes and olap regions wait on a group the same way; MPI's tests look, yield once
// (api_support.h: lookTwice), and look again. See scheduler.h for why no wake-up is lost.
#pragma once

namespace bamboo::detail {

struct RankTask;
struct ChildTask;
struct Request;
class Scheduler;

// A task waiting for some requests: woken when all of them (or any, for Waitany/Waitsome)
// have completed.
struct WaitGroup {
  int Pending = 0;
  int Completed = 0;
  bool WakeOnAny = false;
  RankTask *Waiter = nullptr;
  ChildTask *Child = nullptr; // the waiter is this child of Waiter, not its own thread
  int WakePriority = 0;

  bool satisfied() const { return WakeOnAny ? Completed > 0 : Pending <= 0; }
  // Counts R among the requests waited for, unless it has completed already.
  void watch(Request &R);
  // One of the requests (or the event a probe waits for) has happened: wakes the waiter once
  // the group is satisfied.
  void signal(Scheduler &Sched);
};

// Marks R complete and signals its group; a request the user freed meanwhile is deleted.
void complete(Request &R, Scheduler &Sched);

} // namespace bamboo::detail
