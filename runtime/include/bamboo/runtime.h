// bamboo/runtime.h - starting the runtime and asking where a task runs.
//
//   bamboo::Task<int> rankMain(int Argc, char **Argv) { ... co_return 0; }
//   int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
//
// run() initializes MPI, reads the BAMBOO_* settings (docs/runtime.md), runs `Body` once per
// virtual rank of this process until every rank of the job has finished, finalizes MPI and
// returns the process's exit status: 0, or the first non-zero value a local rank returned.
// A deadlock, an uncaught exception or MPI_Abort in any rank ends the whole job.
#pragma once

#include "bamboo/task.h"

#include <functional>

namespace bamboo {

using RankMain = std::function<Task<int>(int Argc, char **Argv)>;

int run(int Argc, char **Argv, RankMain Body);

// The calling task's virtual rank in MPI_COMM_WORLD and the number of virtual ranks; -1 and 0
// outside a task.
int worldRank() noexcept;
int worldSize() noexcept;

// Lets the other ready tasks of this process run; the caller continues after them.
Task<> yield();

} // namespace bamboo
