// runtime.cpp - start-up, the worker loop, shutdown, deadlock report and fatal errors.
#include "runtime_core.h"

#include "bamboo/rank_local.h"
#include "bamboo/runtime.h"
#include "datatype.h"
#include "fault.h"
#include "gather_text.h"

#include <sched.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <sstream>
#include <thread>

namespace bamboo {
namespace detail {
namespace {

Runtime *TheRuntime = nullptr;
thread_local RankTask *CurrentTask = nullptr;
thread_local std::coroutine_handle<> NextToResume;

double seconds(Clock::duration D) { return std::chrono::duration<double>(D).count(); }

} // namespace

std::coroutine_handle<> &nextToResume() noexcept { return NextToResume; }

void runTrampoline(std::coroutine_handle<> H) {
  // Resuming may start another trampoline (runSynchronously inside a task); keep ours.
  NextToResume = H;
  while (NextToResume) {
    std::coroutine_handle<> Current = NextToResume;
    NextToResume = nullptr;
    Current.resume();
  }
}

RankTask *currentTask() noexcept { return CurrentTask; }

void setCurrentTask(RankTask *T) noexcept {
  CurrentTask = T;
  CurrentRankLocals = T ? RankLocalTable{T->Locals.data(), T->Locals.size()} : RankLocalTable{};
  setSignalRank(T ? T->WorldRank : -1);
}

std::string describe(const std::source_location &Where) {
  std::string_view File = Where.file_name();
  if (auto Slash = File.rfind('/'); Slash != std::string_view::npos)
    File.remove_prefix(Slash + 1);
  return std::string(File) + ":" + std::to_string(Where.line());
}

Runtime *runtimeIfRunning() noexcept { return TheRuntime; }

Runtime &runtime() {
  if (!TheRuntime)
    fatalError("an MPI call was made outside bamboo::run");
  return *TheRuntime;
}

void fatalError(const std::string &Message) {
  std::fflush(stdout);
  std::fprintf(stderr, "bamboo: %s\n", Message.c_str());
  std::fflush(stderr);
  int Initialized = 0, Finalized = 0;
  MPI_Initialized(&Initialized);
  MPI_Finalized(&Finalized);
  if (Initialized && !Finalized) {
    abortJob(1);
  }
  std::_Exit(1);
}

void abortJob(int Code) {
  std::fflush(stdout);
  std::fflush(stderr);
  // mpiexec's proxies forward output asynchronously and drop what is still in the pipe when
  // MPI_Abort kills the job; a moment's pause lets the last message out.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  MPI_Abort(MPI_COMM_WORLD, Code);
  std::_Exit(Code ? Code : 1);
}

void Runtime::fatal(const std::string &Message) { fatalError(Message); }

Runtime::Runtime(const Options &Opts, int Processes, int Process)
    : Opts(Opts), Processes(Processes), Process(Process), VirtualRanks(Opts.VirtualRanksPerProcess),
      WorldSize(Processes * VirtualRanks), Place{Process, VirtualRanks} {}

int Runtime::execute(int Argc, char **Argv, const RankMain &Body) {
  Net.init(Processes);
  Detector.init(Net.controlComm());
  Comms.init(WorldSize);

  for (int I = 0; I < VirtualRanks; ++I) {
    auto T = std::make_unique<RankTask>();
    T->WorldRank = Process * VirtualRanks + I;
    T->LocalIndex = I;
    T->NextContext = FirstDynamicContext;
    T->ArgStorage.assign(Argv, Argv + Argc);
    for (std::string &A : T->ArgStorage)
      T->Argv.push_back(A.data());
    T->Argv.push_back(nullptr);
    T->Argc = Argc;
    Tasks.push_back(std::move(T));
  }
  // Create the coroutines with their rank current: the body's first statements run later,
  // but a RankMain that is a lambda may capture or compute per rank.
  for (auto &T : Tasks) {
    setCurrentTask(T.get());
    makeBeforeMainLocals(); // the rank's globals, initialized before its main as in C++
    T->Root = Body(T->Argc, T->Argv.data());
    setCurrentTask(nullptr);
    T->ResumePoint = T->Root.handle();
    if (!T->ResumePoint)
      fatal("the rank body returned an empty task");
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
    Helpers.emplace_back([this, W] { workerLoop(W); });
  std::thread Progress;
  if (Opts.ProgressIntervalMicros > 0 && Processes > 1) // nothing to drive in one process
    Progress = std::thread([this] { progressLoop(); });
  if (Opts.Workers == 1)
    shareRankLocalsOfThisThread(&CurrentTask);
  workerLoop(0);
  for (auto &H : Helpers)
    H.join();
  if (Opts.Workers == 1)
    shareRankLocalsOfThisThread(nullptr);
  StopProgress = true;
  if (Progress.joinable())
    Progress.join();
  double Wall = seconds(Clock::now() - Start);

  if (State == JobState::Deadlocked) {
    reportDeadlock();
    // Blocked coroutines are not destroyed: their locals may refer to the runtime.
    for (auto &T : Tasks)
      if (T->State != TaskState::Done)
        (void)T->Root.release();
    Net.shutdown();
    return 1;
  }

  if (Statistics)
    Statistics->report(Net.controlComm(), JobShape{Processes, Process, VirtualRanks, Opts.Workers},
                       Eng.counters(), Net.counters(), Wall);
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

void Runtime::reportDeadlock() {
  std::ostringstream Out;
  for (auto &T : Tasks) {
    if (T->State == TaskState::Done)
      continue;
    if (T->Root.done())
      Out << "  rank " << T->WorldRank << " has ended, with nonblocking operations in progress\n";
    else
      Out << "  rank " << T->WorldRank << " waits in " << T->Waiting.Operation << " at "
          << describe(T->Waiting.Where) << "\n";
    for (const std::string &Line : Eng.pendingOperations(T->WorldRank, Comms))
      Out << "    " << Line << "\n";
  }
  std::string All = gatherText(Net.controlComm(), Out.str());
  if (Process == 0) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "bamboo: deadlock: no virtual rank can run and no message is in flight\n%s",
                 All.c_str());
    std::fflush(stderr);
  }
  MPI_Barrier(Net.controlComm());
}

} // namespace detail

namespace {
int start(int Argc, char **Argv, const RankMain &Body, Options Opts,
          const std::string &ConfigProblem) {
  using namespace detail;

  int AlreadyInitialized = 0;
  MPI_Initialized(&AlreadyInitialized);
  // Several threads make MPI calls with more than one worker or with the progress thread.
  int Required = Opts.Workers > 1 || Opts.ProgressIntervalMicros > 0 ? MPI_THREAD_MULTIPLE
                                                                     : MPI_THREAD_FUNNELED;
  int Provided = MPI_THREAD_SINGLE;
  if (AlreadyInitialized)
    MPI_Query_thread(&Provided);
  else
    MPI_Init_thread(&Argc, &Argv, Required, &Provided);
  int Processes = 1, Process = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &Processes);
  MPI_Comm_rank(MPI_COMM_WORLD, &Process);

  auto Finish = [&](int Code) {
    if (!AlreadyInitialized)
      MPI_Finalize();
    return Code;
  };
  if (!ConfigProblem.empty()) {
    if (Process == 0)
      std::fprintf(stderr, "bamboo: bad setting: %s\n", ConfigProblem.c_str());
    return Finish(2);
  }
  if (Provided < MPI_THREAD_MULTIPLE && Opts.Workers > 1) {
    if (Process == 0)
      std::fprintf(stderr,
                   "bamboo: BAMBOO_WORKERS=%d needs MPI_THREAD_MULTIPLE, but MPI provides "
                   "only level %d\n",
                   Opts.Workers, Provided);
    return Finish(2);
  }
  if (Provided < MPI_THREAD_MULTIPLE && Opts.ProgressIntervalMicros > 0) {
    // MPI was initialized by the program with less: poll only between tasks.
    Opts.ProgressIntervalMicros = 0;
  }
  if (Process == 0)
    for (const std::string &Name : Opts.UnknownSettings)
      std::fprintf(stderr, "bamboo: warning: %s is not a runtime setting (see docs/runtime.md)\n",
                   Name.c_str());
  if (!packedFormIsNative()) {
    if (Process == 0)
      std::fprintf(stderr, "bamboo: this MPI's packed format is not the memory image of "
                           "contiguous data; the runtime does not support it\n");
    return Finish(2);
  }

  installFaultHandlers();
  int Exit;
  {
    Runtime RT(Opts, Processes, Process);
    TheRuntime = &RT;
    Exit = RT.execute(Argc, Argv, Body);
    TheRuntime = nullptr;
  }
  return Finish(Exit);
}
} // namespace

int run(int Argc, char **Argv, RankMain Body) {
  Options Opts;
  std::string ConfigProblem;
  try {
    Opts = Options::fromEnvironment();
  } catch (const ConfigError &E) {
    ConfigProblem = E.what();
  }
  return start(Argc, Argv, Body, Opts, ConfigProblem);
}

int run(int Argc, char **Argv, RankMain Body, const Options &Settings) {
  return start(Argc, Argv, Body, Settings, "");
}

ProcessCounters processCounters() {
  detail::Runtime &RT = detail::runtime();
  std::lock_guard L(RT.Lock);
  ProcessCounters C;
  const auto &N = RT.Net.counters();
  C.LocalMessages = RT.Eng.counters().LocalMessages;
  C.RemoteMessages = RT.Eng.counters().RemoteMessages;
  C.MPIMessages = N.FramesSent + N.PayloadsSent;
  C.FramesSent = N.FramesSent;
  return C;
}

int worldRank() noexcept {
  detail::RankTask *T = detail::currentTask();
  return T ? T->WorldRank : -1;
}

int worldSize() noexcept {
  detail::Runtime *RT = detail::runtimeIfRunning();
  return RT ? RT->WorldSize : 0;
}

namespace {
struct YieldAwaiter {
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> H) {
    detail::RankTask &T = *detail::currentTask();
    T.ResumePoint = H;
    std::lock_guard L(detail::runtime().Lock);
    T.Waiting = detail::WaitSite{"bamboo::yield", std::source_location::current()};
    T.WakePending = true;
    T.WakePriority = detail::YieldPriority;
  }
  void await_resume() const noexcept {}
};
} // namespace

Task<> yield() {
  if (!detail::currentTask())
    co_return;
  co_await YieldAwaiter{};
}

} // namespace bamboo
