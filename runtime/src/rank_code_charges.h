// rank_code_charges.h - under SMPI, what the simulation charges a Bamboo process for its
// computation (BAMBOO_SIMULATED_RUNTIME_COST; docs/scale.md, "The runtime charged as SMPI
// charges MPI" and "Computation modelled").
//
// SMPI times the computation between two MPI calls and charges it to the simulated core, so
// by default (measured) the runtime's own work (matching, frames, scheduling) is charged as it
// ran in the simulator: cold, every simulated process sharing one OS process's caches, the more
// so the more processes there are. MPI's own work runs inside SMPI's calls and is charged
// nothing. Two other modes, in both of which SMPI charges nothing by itself (smpirun
// --cfg=smpi/simulate-computation:no):
// - none: the runtime times its ranks' code, from where a rank's code starts or a bamboo::mpi
//   call returns to it, to its next call or its end, and charges that (smpi_execute) unless
//   shorter than smpi/cpu-threshold, as SMPI charges the bursts of an MPI program. The runtime
//   then costs what SMPI charges MPI, and the ranks' code what it costs under plain SMPI.
// - model: nothing is timed. The program charges its computation itself, as an MPI program
//   under smpi/simulate-computation:no does, and the runtime charges a fixed cost for each
//   message a rank sends or receives (a cost per message and per byte, measured natively by
//   bench/micro's bamboo-microbench as what the runtime adds to MPI's), half at either end.
//   The cost is owed where the message starts, under the engine lock, and paid when the
//   rank's call returns, outside it.
// Natively, and in the measured mode, every member does nothing.
#pragma once

#include "bamboo/options.h"

#include <cstddef>

namespace bamboo::detail {

class RankCodeCharges {
public:
  // Fatal under SMPI if the mode needs smpi/simulate-computation:no and SMPI charges too.
  explicit RankCodeCharges(const Options::SimulatedRuntimeCost &Cost);
  // Whether calls pause and resume the rank's code (RankCodePause).
  bool enabled() const { return Cost.Kind != Mode::Measured; }
  // Whether message() charges anything: the caller may skip working out the size.
  bool chargesMessages() const { return Cost.Kind == Mode::Model; }
  // A rank's code runs from now.
  void resume();
  // The rank's code handed over to the runtime: charges its time since resume(), if running.
  void pause();
  // A rank sent, or posted a receive of, Bytes bytes: half a message's cost is owed. Only
  // where chargesMessages().
  void message(std::size_t Bytes);

private:
  using Mode = Options::SimulatedRuntimeCost::Mode;
  void payOwed();

  Options::SimulatedRuntimeCost Cost; // Measured natively, whatever was asked
  double Owed = 0;                    // model: seconds charged at the next resume() or pause()
  double Since = -1;    // the thread's CPU seconds when the rank's code resumed; -1: not running
  double Threshold = 0; // SMPI's smpi/cpu-threshold: shorter bursts are not charged
};

// While a bamboo::mpi call runs on a rank's own thread, the rank's code is paused (Call holds
// one; calls made by the runtime's children and nested calls change nothing). A copy pauses
// nothing; a move hands the pause over, so that the call's code resumes when the Call that
// enter() made ends.
class RankCodePause {
public:
  RankCodePause() = default;
  RankCodePause(RankCodeCharges &Charges, int &CallDepth);
  RankCodePause(const RankCodePause &) {}
  RankCodePause(RankCodePause &&Other) noexcept;
  RankCodePause &operator=(const RankCodePause &) = delete;
  RankCodePause &operator=(RankCodePause &&) = delete;
  ~RankCodePause();

private:
  RankCodeCharges *Charges = nullptr;
  int *CallDepth = nullptr;
};

} // namespace bamboo::detail
