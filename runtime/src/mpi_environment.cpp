// mpi_environment.cpp - MPI_Init and friends.
//
// MPI itself is initialized once per process by bamboo::run; each virtual rank keeps its own
// view of having called MPI_Init and MPI_Finalize.
#include "bamboo/mpi.h"

#include "api_support.h"

namespace bamboo::mpi {

using namespace detail;

namespace {
// One virtual rank is one MPI "process" whose MPI calls come from its task only.
constexpr int ProvidedThreadLevel = MPI_THREAD_FUNNELED;
} // namespace

int Init(int *, char ***, Where W) {
  Call C = enter("MPI_Init", W);
  if (C.Rank.MPIInitialized)
    callError(C, "MPI is already initialized in this rank");
  C.Rank.MPIInitialized = true;
  return MPI_SUCCESS;
}

int Init_thread(int *Argc, char ***Argv, int Required, int *Provided, Where W) {
  Call C = enter("MPI_Init_thread", W);
  if (C.Rank.MPIInitialized)
    callError(C, "MPI is already initialized in this rank");
  C.Rank.MPIInitialized = true;
  (void)Argc;
  (void)Argv;
  *Provided = std::min(Required, ProvidedThreadLevel);
  C.Rank.ThreadLevel = *Provided;
  return MPI_SUCCESS;
}

int Initialized(int *Flag) {
  RankTask *T = currentTask();
  *Flag = T && T->MPIInitialized;
  return MPI_SUCCESS;
}

int Finalized(int *Flag) {
  RankTask *T = currentTask();
  *Flag = T && T->MPIFinalized;
  return MPI_SUCCESS;
}

int Finalize(Where W) {
  Call C = enter("MPI_Finalize", W);
  if (!C.Rank.MPIInitialized || C.Rank.MPIFinalized)
    callError(C, "MPI_Finalize without MPI_Init, or called twice");
  // The runtime keeps MPI alive until every rank of the job is done, so nothing waits here.
  C.Rank.MPIFinalized = true;
  return MPI_SUCCESS;
}

// What the rank's MPI_Init_thread provided (MPI_THREAD_SINGLE after MPI_Init), as MPI says.
int Query_thread(int *Provided) {
  RankTask *T = currentTask();
  *Provided = T ? T->ThreadLevel : ProvidedThreadLevel;
  return MPI_SUCCESS;
}

int Is_thread_main(int *Flag) {
  *Flag = currentTask() != nullptr;
  return MPI_SUCCESS;
}

int Abort(MPI_Comm, int ErrorCode, Where W) {
  Call C = enter("MPI_Abort", W);
  std::fflush(stdout);
  std::fprintf(stderr, "bamboo: rank %d called MPI_Abort with error code %d at %s\n",
               C.Rank.WorldRank, ErrorCode, describe(W).c_str());
  abortJob(ErrorCode);
}

double Wtime() {
  // SMPI's MPI_Wtime lets the simulator run other processes: not the rank's code.
  RankCodePause Pause = pauseRankCode(currentTask());
  return MPI_Wtime();
}
double Wtick() { return MPI_Wtick(); }

} // namespace bamboo::mpi
