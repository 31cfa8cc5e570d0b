// rank_code_charges.h - under SMPI, the simulation may charge the ranks' own code alone
// (BAMBOO_SIMULATED_RUNTIME_COST=none; docs/scale.md, "The runtime charged as SMPI charges MPI").
//
// SMPI times the computation between two MPI calls and charges it to the simulated core, so
// by default the runtime's own work (matching, frames, scheduling) is charged as it ran in the
// simulator: cold, every simulated process sharing one OS process's caches, the more so the
// more processes there are. MPI's own work runs inside SMPI's calls and is charged nothing.
// In this mode SMPI charges nothing by itself (smpirun --cfg=smpi/simulate-computation:no):
// the runtime times its ranks' code, from where a rank's code starts or a bamboo::mpi call
// returns to it, to its next call or its end, and charges that (smpi_execute) unless shorter
// than smpi/cpu-threshold, as SMPI charges the bursts of an MPI program. The runtime
// then costs what SMPI charges MPI, and the ranks' code what it costs under plain SMPI.
// Natively, and in the default mode, every member does nothing.
#pragma once

namespace bamboo::detail {

class RankCodeCharges {
public:
  // ChargeRankCodeOnly: the mode above; fatal if SMPI also charges what it times.
  explicit RankCodeCharges(bool ChargeRankCodeOnly);
  bool enabled() const { return Enabled; }
  // A rank's code runs from now.
  void resume();
  // The rank's code handed over to the runtime: charges its time since resume(), if running.
  void pause();

private:
  bool Enabled = false;
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
