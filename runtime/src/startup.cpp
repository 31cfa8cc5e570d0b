// startup.cpp - bamboo::run: MPI's initialization and thread level, the settings, one Runtime
// for the job; and the queries a program makes of it.
#include "runtime_core.h"

#include "bamboo/runtime.h"
#include "datatype.h"
#include "fatal_error.h"
#include "fault.h"
#include "openmp.h"

#include <cstdio>

namespace bamboo {
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
  if (std::string Problem = openMPTeamStartProblem(); !Problem.empty()) {
    if (Process == 0)
      std::fprintf(stderr, "bamboo: %s\n", Problem.c_str());
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
    setRuntime(&RT);
    Exit = RT.execute(Argc, Argv, Body);
    setRuntime(nullptr);
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

ProcessCounters processCounters() { return detail::runtime().counters(); }

int worldRank() noexcept {
  detail::RankTask *T = detail::currentTask();
  return T ? T->WorldRank : -1;
}

int worldSize() noexcept {
  detail::Runtime *RT = detail::runtimeIfRunning();
  return RT ? RT->worldSize() : 0;
}

} // namespace bamboo
