// bamboo/runtime.h - starting the runtime and asking where a task runs.
//
//   int rankMain(int Argc, char **Argv) { ... return 0; }
//   int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
//
// run() initializes MPI, reads the BAMBOO_* settings (docs/runtime.md), runs `Body` once per
// virtual rank of this process, each on a thread of its own (a user-level thread with its own
// stack, BAMBOO_STACK_SIZE), until every rank of the job has finished, finalizes MPI and
// returns the process's exit status: 0, or the first non-zero value a local rank returned.
// A deadlock, an uncaught exception or MPI_Abort in any rank ends the whole job.
#pragma once

#include "bamboo/options.h"

#include <cstdint>
#include <functional>

namespace bamboo {

using RankMain = std::function<int(int Argc, char **Argv)>;

int run(int Argc, char **Argv, RankMain Body);
// The same with settings given by the program instead of the environment. If MPI is already
// initialized, run() neither initializes nor finalizes it, so it can be called repeatedly.
int run(int Argc, char **Argv, RankMain Body, const Options &Settings);

// Communication of this process so far, for tests and tools (valid inside a task).
struct ProcessCounters {
  std::uint64_t LocalMessages = 0;  // to ranks of this process: never through MPI
  std::uint64_t RemoteMessages = 0; // to ranks of other processes
  std::uint64_t MPIMessages = 0;    // MPI messages they became (frames and large payloads)
  std::uint64_t FramesSent = 0;
};
ProcessCounters processCounters();

// The calling task's virtual rank in MPI_COMM_WORLD and the number of virtual ranks; -1 and 0
// outside a task.
int worldRank() noexcept;
int worldSize() noexcept;

// Lets the other ready tasks of this process run; the caller continues after them.
void yield();

} // namespace bamboo
