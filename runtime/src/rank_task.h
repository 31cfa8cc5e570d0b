// rank_task.h - one virtual rank: its thread, its scheduling state and its rank context.
#pragma once

#include "fiber.h"
#include "rank_local_store.h"
#include "wait_site.h"

#include <mpi.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace bamboo::detail {

struct ApiParts;
struct RegionState;
struct Request;
struct WaitGroup;

// A thread that works for a rank beside the rank's own: the algorithm of a nonblocking
// collective, or the two halves of MPI_Isendrecv. It is started at the call and completes the
// request Completes when it ends. It runs only inside its rank's runs, with the rank current, so
// never at the same time as the rank's code; it waits with block() like the rank, and a wake-up
// for it makes the rank runnable without waking the rank's own thread (scheduler.h).
struct ChildTask {
  ChildTask(std::size_t StackSize, std::function<void()> Body)
      : Thread(StackSize, std::move(Body)) {}
  Fiber Thread;
  bool Runnable = false; // woken, not yet run; guarded by the engine lock
  Request *Completes = nullptr;
};

enum class TaskState { Ready, Running, Blocked, Done };

// Thrown by bamboo::libc::exit: unwinds the rank's code to its task, which ends with Status.
struct RankExit {
  int Status;
};

struct RankTask {
  int WorldRank = 0;
  int LocalIndex = 0; // position among this process's ranks
  // What the MPI calls of this rank work with (api_parts.h): a call finds them through the
  // calling task, not through the process.
  ApiParts *Parts = nullptr;

  // The rank's own thread: its main, from its rank-local globals' construction to their
  // destruction. Runs only on the worker Worker: compiled code may keep the address of a
  // thread-local (errno) across a call that suspends (docs/runtime.md).
  std::unique_ptr<Fiber> Thread;
  int Worker = 0;
  // Other ranks of the process run on Worker too: this rank must not wait inside an OpenMP
  // parallel region (openmp.h).
  bool SharesWorker = false;

  // Scheduling; guarded by the engine lock.
  TaskState State = TaskState::Ready;
  bool WakePending = false; // woken while still running: requeue when it suspends
  int WakePriority = 0;
  std::uint64_t ReadySeq = 0;

  // What a blocked task waits for (deadlock report).
  WaitSite Waiting;
  WaitGroup *WaitingOn = nullptr;
  // The rank's own thread waits in block() (a run of the rank then runs only its children).
  // Guarded by the engine lock.
  bool MainBlocked = false;
  // bamboo::mpi calls in progress on the rank's own thread (nested ones count): at 0 the
  // rank's own code runs (rank_code_charges.h). Touched only by the rank's worker.
  int CallDepth = 0;

  // Children in progress (guarded by the engine lock), and the one this rank's worker is
  // running now (touched only by that worker).
  std::vector<std::unique_ptr<ChildTask>> Children;
  ChildTask *RunningChild = nullptr;
  // Per communicator: how many nonblocking collectives this rank has started on it. Every
  // rank starts them in the same order, so the count names the operation (its tags).
  std::unordered_map<const void *, unsigned> NonblockingCollectives;

  // The buffer of MPI_Buffer_attach (MPI_Bsend checks its size against it).
  void *AttachedBuffer = nullptr;
  MPI_Count AttachedSize = 0;
  bool BufferAttached = false;

  // The innermost open olap region (region.h), and the region a blocking call is being made
  // through (a Region method sets it for the one bamboo::mpi call it makes). Touched only by
  // the worker running the rank.
  RegionState *OpenRegion = nullptr;
  RegionState *RegionCall = nullptr;

  // The rank's view of MPI_Init/MPI_Finalize, and the communicators on which it set
  // MPI_ERRORS_RETURN (error handlers belong to a rank, not to the process).
  bool MPIInitialized = false;
  bool MPIFinalized = false;
  int ThreadLevel = MPI_THREAD_SINGLE; // what MPI_Init_thread provided (MPI_Query_thread)
  std::vector<MPI_Comm> ErrorsReturn;
  // The lowest context id this rank may give a new communicator (see mpi_communicators.cpp).
  int NextContext = 0;

  // Per-rank copies of the command line (MPI_Init may edit them).
  std::vector<std::string> ArgStorage;
  std::vector<char *> Argv;
  int Argc = 0;

  // Rank-local variables (bamboo::RankLocal).
  RankLocalStore Locals;

  int ExitCode = 0;
  double BusySeconds = 0;
};

// The task running on this thread, or null.
RankTask *currentTask() noexcept;
// Also switches the table of rank-local instances that findRankLocal reads.
void setCurrentTask(RankTask *Task) noexcept;

// The rank this thread works for: the one it runs, or the one whose OpenMP team it is in.
RankTask *rankOfThisThread() noexcept;
// While it lives, this thread (not a worker) is in Rank's OpenMP team: it sees the rank's
// per-rank variables, and its MPI calls are refused naming the rank (MPI_THREAD_FUNNELED).
class TeamMembership {
public:
  explicit TeamMembership(RankTask *Rank) noexcept;
  ~TeamMembership();
  TeamMembership(const TeamMembership &) = delete;
  TeamMembership &operator=(const TeamMembership &) = delete;

private:
  RankTask *Previous;
  RankLocalTable PreviousLocals;
};

// The table of rank-local instances this thread reads, switched by setCurrentTask and
// TeamMembership, refreshed by rank_local.cpp when it is older than an instance.
extern thread_local constinit RankLocalTable CurrentRankLocals;

} // namespace bamboo::detail
