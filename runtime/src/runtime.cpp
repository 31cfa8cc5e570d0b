// runtime.cpp - one process's runtime from start to end: its parts, its ranks, shutdown.
#include "runtime_core.h"

#include "bamboo/rank_local.h"
#include "fatal_error.h"
#include "fault.h"

namespace bamboo::detail {
namespace {
double seconds(Clock::duration D) { return std::chrono::duration<double>(D).count(); }
} // namespace

void Runtime::fatal(const std::string &Message) { fatalError(Message); }

ProcessCounters Runtime::counters() {
  std::lock_guard L(Lock);
  ProcessCounters C;
  const TransportCounters &N = Net.counters();
  C.LocalMessages = Eng.counters().LocalMessages;
  C.RemoteMessages = Eng.counters().RemoteMessages;
  C.MPIMessages = N.FramesSent + N.PayloadsSent;
  C.FramesSent = N.FramesSent;
  C.ProgressPolls = ProgressPolls;
  C.TreeBroadcasts = Eng.counters().TreeBroadcasts;
  return C;
}

Runtime::Runtime(const Options &Opts, int Processes, int Process)
    : Opts(Opts), Processes(Processes), Process(Process), VirtualRanks(Opts.VirtualRanksPerProcess),
      WorldSize(Processes * VirtualRanks) {}

int Runtime::execute(int Argc, char **Argv, const RankMain &Body) {
  Net.init(Processes);
  Detector.init(Net.controlComm());
  Comms.init(WorldSize);

  for (int I = 0; I < VirtualRanks; ++I) {
    auto T = std::make_unique<RankTask>();
    T->WorldRank = Process * VirtualRanks + I;
    T->LocalIndex = I;
    T->Parts = &Api;
    T->NextContext = FirstDynamicContext;
    T->ArgStorage.assign(Argv, Argv + Argc);
    for (std::string &A : T->ArgStorage)
      T->Argv.push_back(A.data());
    T->Argv.push_back(nullptr);
    T->Argc = Argc;
    Tasks.push_back(std::move(T));
  }
  // Each rank's thread runs, with the rank current, its globals' construction, its main and
  // its globals' destruction (in reverse order), so that all of them may call MPI. Ranks are
  // pinned to workers (RankTask::Worker).
  for (auto &T : Tasks) {
    RankTask &R = *T;
    R.Worker = R.LocalIndex % Opts.Workers;
    // Ranks Worker, Worker + Workers, ... of the process run there.
    R.SharesWorker = R.Worker + Opts.Workers < int(Tasks.size());
    R.Thread = std::make_unique<Fiber>(Opts.StackSize, [this, &R, &Body] { runRank(R, Body); });
  }
  MPI_Barrier(Net.controlComm()); // a common time origin for statistics and the trace
  auto Start = Clock::now();
  if (Opts.Stats)
    Watchers.add(Statistics.emplace(Opts.Workers));
  if (!Opts.TracePath.empty()) {
    Tracing.emplace(Opts.Workers, Start);
    Watchers.add(static_cast<SchedulerObserver &>(*Tracing));
    Watchers.add(static_cast<TransportObserver &>(*Tracing));
  }
  {
    std::lock_guard L(Lock);
    Sched.setLiveTasks(VirtualRanks);
    for (auto &T : Tasks)
      Sched.admit(*T);
  }

  std::vector<std::thread> Helpers;
  for (int W = 1; W < Opts.Workers; ++W)
    Helpers.emplace_back([this, W] {
      useAlternateSignalStack(); // a rank's stack overflow is reported from it
      workerLoop(W);
    });
  std::thread Poller;
  if (Opts.ProgressIntervalMicros > 0 && Processes > 1) // nothing to drive in one process
    Poller = std::thread([this] { progressLoop(); });
  workerLoop(0);
  for (auto &H : Helpers)
    H.join();
  {
    std::lock_guard L(Lock);
    Progress.finish();
  }
  if (Poller.joinable())
    Poller.join();
  double Wall = seconds(Clock::now() - Start);

  if (State == JobState::Deadlocked) {
    reportDeadlock();
    // Blocked ranks are not unwound: their frames may refer to the runtime.
    for (auto &T : Tasks)
      if (T->State != TaskState::Done)
        T->Thread->abandon();
    Net.shutdown();
    return 1;
  }

  if (Statistics)
    Statistics->report(Net.controlComm(), JobShape{Processes, Process, VirtualRanks, Opts.Workers},
                       Eng.counters(), Net.counters(), Detector.waves(), Wall);
  if (Tracing)
    Tracing->write(Net.controlComm(), Process, Opts.TracePath);
  Detector.drain();
  Comms.shutdown();
  Groups.shutdown();
  Net.shutdown();

  int Exit = 0;
  for (auto &T : Tasks)
    if (T->ExitCode != 0 && Exit == 0)
      Exit = T->ExitCode;
  return Exit;
}

} // namespace bamboo::detail
