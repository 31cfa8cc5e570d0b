// runtime_core.h - the runtime of one process: the composition root that makes the parts and
// hands each what it needs (docs/runtime.md, "Parts").
//
// One Runtime exists while bamboo::run executes. Its engine lock guards the scheduler, the
// matching engine, the transport, requests, communicators, groups and the detector; every MPI
// call of the runtime is made under it. Worker threads take it to pick a task, to wait or wake,
// and to poll MPI; the task code itself runs without it.
#pragma once

#include "api_parts.h"
#include "bamboo/options.h"
#include "bamboo/runtime.h"
#include "communicator.h"
#include "engine.h"
#include "fatal_error.h"
#include "group.h"
#include "matched_message.h"
#include "observer.h"
#include "progress_signal.h"
#include "quiescence.h"
#include "rank_task.h"
#include "request.h"
#include "scheduler.h"
#include "stats.h"
#include "trace.h"
#include "transport.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace bamboo::detail {

class Runtime {
public:
  Runtime(const Options &Opts, int Processes, int Process);
  Runtime(const Runtime &) = delete;

  // Runs Body as every virtual rank of this process until the job ends; returns the exit
  // status of this process.
  int execute(int Argc, char **Argv, const RankMain &Body);

  // A fatal error of the job: prints "bamboo: <Message>" and aborts every process.
  [[noreturn]] void fatal(const std::string &Message);

  // What bamboo::processCounters() reports; takes the engine lock.
  ProcessCounters counters();
  int worldSize() const { return WorldSize; }

private:
  const Options Opts;
  const int Processes;
  const int Process;
  const int VirtualRanks;
  const int WorldSize;

  std::mutex Lock; // the engine lock
  // Statistics and the trace, when asked for (BAMBOO_STATS, BAMBOO_TRACE); they observe the
  // workers and the transport through Watchers.
  std::optional<Stats> Statistics;
  std::optional<Trace> Tracing;
  Observers Watchers;
  Scheduler Sched{Opts.Workers};
  // The engine and the transport hand each other work (remote.h); each is made with a
  // reference to the other, used only once both exist. Both wake the progress thread.
  ProgressSignal Progress;
  Engine Eng{Placement{Process, VirtualRanks},
             Opts.EagerLimit,
             Sched,
             Net,
             Progress,
             Opts.DetectCollectives};
  Transport Net{Eng, Watchers, Progress};
  CommunicatorTable Comms;
  GroupTable Groups;
  RequestTable Requests;
  MessageTable Messages;
  QuiescenceDetector Detector;
  std::vector<std::unique_ptr<RankTask>> Tasks;
  // What the MPI API layer is handed (api_parts.h).
  // Under SMPI, what the runtime charges the simulation itself (BAMBOO_SIMULATED_RUNTIME_COST).
  RankCodeCharges Charges{Opts.SimulatedCost};
  ApiParts Api{Lock,
               Eng,
               Requests,
               Comms,
               Groups,
               Messages,
               Net,
               Placement{Process, VirtualRanks},
               Opts.ReorderCartesian,
               Charges};

  void workerLoop(int Worker);
  // Polls MPI while tasks compute, so that large transfers move during the computation.
  void progressLoop();
  // OthersWaiting: some task of this process waited for communication when T started (the
  // overlap statistic); Timed: observers want the run's times.
  void runTask(RankTask &T, int Worker, bool OthersWaiting, bool Timed);
  // Drives MPI and the detector; true if anything happened. Under the lock. Idle: from the
  // idle loop, which calls it back to back.
  bool pollLocked(bool Idle);
  // Hands the detector this process's activity; Blocking: the caller waits in MPI next.
  void detectorStepLocked(bool Blocking);
  // An idle simulated process: waits in MPI until one of its operations completes.
  void waitForMPILocked();
  // What a rank's thread runs (RankTask::Thread).
  void runRank(RankTask &T, const RankMain &Body);
  void reportDeadlock();

  JobState State = JobState::Running;
  Clock::time_point LastDetectorStep{};
  int IdlePollsSinceClock = 0;
  std::uint64_t ProgressPolls = 0;
};

// The runtime of this process; a fatal error outside bamboo::run.
Runtime &runtime();
Runtime *runtimeIfRunning() noexcept;
// bamboo::run makes RT the runtime of this process while it runs, null after.
void setRuntime(Runtime *RT) noexcept;

} // namespace bamboo::detail
