// rank_task.h - one virtual rank: its task, its scheduling state and its rank context.
#pragma once

#include "bamboo/task.h"
#include "wait_site.h"

#include <mpi.h>

#include <coroutine>
#include <cstdint>
#include <string>
#include <vector>

namespace bamboo::detail {

struct RegionState;
struct WaitGroup;

enum class TaskState { Ready, Running, Blocked, Done };

struct RankTask {
  int WorldRank = 0;
  int LocalIndex = 0; // position among this process's ranks

  Task<int> Root;
  std::coroutine_handle<> ResumePoint; // where the task continues when next run

  // Scheduling; guarded by the engine lock.
  TaskState State = TaskState::Ready;
  bool WakePending = false; // woken while still running: requeue when it suspends
  int WakePriority = 0;
  std::uint64_t ReadySeq = 0;

  // What a blocked task waits for (deadlock report).
  WaitSite Waiting;
  WaitGroup *WaitingOn = nullptr;

  RegionState *OpenRegion = nullptr;

  // The rank's view of MPI_Init/MPI_Finalize, and the communicators on which it set
  // MPI_ERRORS_RETURN (error handlers belong to a rank, not to the process).
  bool MPIInitialized = false;
  bool MPIFinalized = false;
  std::vector<MPI_Comm> ErrorsReturn;
  // The lowest context id this rank may give a new communicator (see mpi_communicators.cpp).
  int NextContext = 0;

  // Per-rank copies of the command line (MPI_Init may edit them).
  std::vector<std::string> ArgStorage;
  std::vector<char *> Argv;
  int Argc = 0;

  // Rank-local variables (bamboo::RankLocal): instance pointers and their destroyers.
  std::vector<void *> Locals;
  std::vector<void (*)(void *)> LocalDestroyers;

  int ExitCode = 0;
  double BusySeconds = 0;
};

// The task running on this thread, or null.
RankTask *currentTask() noexcept;
// With one worker: threads that the running rank starts (OpenMP) see its per-rank variables.
// Called by the worker with the address of its current-task variable.
void shareRankLocalsOfThisThread(RankTask *const *Current) noexcept;
void setCurrentTask(RankTask *Task) noexcept;

} // namespace bamboo::detail
