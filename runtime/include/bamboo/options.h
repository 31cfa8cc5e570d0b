// bamboo/options.h - the runtime's settings, read from the environment in one place.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace bamboo {

// A setting with a bad value; the message names the variable and the value.
class ConfigError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct Options {
  int VirtualRanksPerProcess = 1;     // BAMBOO_VF
  int Workers = 1;                    // BAMBOO_WORKERS
  bool Stats = false;                 // BAMBOO_STATS
  std::string TracePath;              // BAMBOO_TRACE
  std::size_t EagerLimit = 32 * 1024; // BAMBOO_EAGER_LIMIT
  // BAMBOO_COLLECTIVES: a broadcast written by hand in an olap region, repeated, travels along
  // a tree of processes (docs/collective-detection.md).
  bool DetectCollectives = true;
  // BAMBOO_CART_REORDER: MPI_Cart_create with `reorder` puts each process's ranks in one box
  // of the grid (runtime/src/grid_placement.h). Off by default: MPICH and Open MPI keep the
  // order, and a program that passes `reorder` yet takes its grid ranks for MPI_COMM_WORLD's
  // runs right under them and would run wrong here.
  bool ReorderCartesian = false;
  // BAMBOO_PROGRESS_INTERVAL: microseconds between the progress thread's polls of MPI while
  // tasks compute (0: no progress thread; workers then poll only between tasks).
  int ProgressIntervalMicros = 100;
  // BAMBOO_STACK_SIZE: the stack of each virtual rank, in bytes (reserved, committed as it is
  // touched). Default: the main thread's limit (ulimit -s; 8 MiB where it is unlimited).
  std::size_t StackSize = defaultStackSize();
  // BAMBOO_SIMULATED_RUNTIME_COST: what SimGrid's SMPI charges a Bamboo process for its
  // computation (runtime/src/rank_code_charges.h; docs/scale.md). Natively it changes nothing.
  //   measured             SMPI charges every burst it times, the runtime's own work included;
  //   none                 the runtime times its ranks' code and charges that alone, as SMPI
  //                        charges MPI's own work nothing;
  //   model:MESSAGE,BYTE   nothing is timed: the program charges its computation itself (as an
  //                        MPI program does under smpi/simulate-computation:no), and the
  //                        runtime charges MESSAGE seconds and BYTE seconds a byte for each
  //                        message a rank sends or receives, half at either end.
  struct SimulatedRuntimeCost {
    enum class Mode { Measured, None, Model } Kind = Mode::Measured;
    double PerMessage = 0; // Model: seconds a message
    double PerByte = 0;    // Model: seconds a byte of a message
  };
  SimulatedRuntimeCost SimulatedCost;

  // BAMBOO_* names that are not settings; the runtime warns about them, since a typo would
  // otherwise be ignored silently.
  std::vector<std::string> UnknownSettings;

  // Reads every BAMBOO_* variable of the process environment; throws ConfigError on a bad
  // value.
  static Options fromEnvironment();

  // The same from an environment block of "NAME=value" strings ending with nullptr.
  static Options fromEnvironment(const char *const *Environ);

  // The main thread's stack limit (RLIMIT_STACK's soft limit), 8 MiB where it is unlimited.
  static std::size_t defaultStackSize();
};

} // namespace bamboo
