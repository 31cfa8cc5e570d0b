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
// Every translated file includes this header (through bamboo.h), so it stays light: no
// <functional> or <string> (they made each compile of a translation 0.8 s slower, four times a
// small file's own cost). run() with Options needs <bamboo/options.h>.
#pragma once

#include <cstdint>
#include <type_traits>

namespace bamboo {

struct Options;

// What run() runs once per virtual rank: a function or any callable int(int, char **), such as
// a lambda. It refers to the callable, which must live until run() returns (a lambda written in
// the call does).
class RankMain {
public:
  RankMain(int (*Body)(int, char **)) : Function(Body) {}
  template <class F, class Plain = std::remove_cv_t<std::remove_reference_t<F>>,
            std::enable_if_t<!std::is_same_v<Plain, RankMain> &&
                                 !std::is_function_v<std::remove_reference_t<F>> &&
                                 !std::is_pointer_v<Plain>,
                             int> = 0>
  RankMain(F &&Body)
      : Object(const_cast<void *>(static_cast<const void *>(&Body))),
        Call([](void *Callable, int Argc, char **Argv) -> int {
          return (*static_cast<std::remove_reference_t<F> *>(Callable))(Argc, Argv);
        }) {}
  int operator()(int Argc, char **Argv) const {
    return Function ? Function(Argc, Argv) : Call(Object, Argc, Argv);
  }

private:
  int (*Function)(int, char **) = nullptr;
  void *Object = nullptr;
  int (*Call)(void *, int, char **) = nullptr;
};

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
  std::uint64_t ProgressPolls = 0; // polls of MPI by the progress thread
  // Hand-written broadcasts of an olap region sent along a tree (docs/collective-detection.md).
  std::uint64_t TreeBroadcasts = 0;
};
ProcessCounters processCounters();

// The calling task's virtual rank in MPI_COMM_WORLD and the number of virtual ranks; -1 and 0
// outside a task.
int worldRank() noexcept;
int worldSize() noexcept;

// Lets the other ready tasks of this process run; the caller continues after them.
void yield();

} // namespace bamboo
