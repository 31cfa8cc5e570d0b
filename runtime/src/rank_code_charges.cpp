// rank_code_charges.cpp - timing the ranks' code and charging it to SMPI.
#include "rank_code_charges.h"
#include "fatal_error.h"
#include "simulated_mpi.h"

#include <ctime>
#include <utility>

#ifdef SMPI_H
#include <xbt/config.h>
#endif

namespace bamboo::detail {

namespace {
// SMPI times bursts by the thread's CPU time too: time the OS gave other programs is not
// charged.
double threadSeconds() {
  timespec T{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return static_cast<double>(T.tv_sec) + static_cast<double>(T.tv_nsec) * 1e-9;
}
} // namespace

RankCodeCharges::RankCodeCharges(bool ChargeRankCodeOnly)
    : Enabled(MPIIsSimulated && ChargeRankCodeOnly) {
#ifdef SMPI_H
  // Both would charge the ranks' code twice.
  if (Enabled && sg_cfg_get_boolean("smpi/simulate-computation"))
    fatalError("BAMBOO_SIMULATED_RUNTIME_COST=none: the runtime charges the ranks' code itself, "
               "and SMPI charges every burst as well; run with smpirun "
               "--cfg=smpi/simulate-computation:no");
  if (Enabled)
    Threshold = sg_cfg_get_double("smpi/cpu-threshold");
#endif
}

void RankCodeCharges::resume() {
  if (Enabled)
    Since = threadSeconds();
}

void RankCodeCharges::pause() {
  if (!Enabled || Since < 0)
    return;
  [[maybe_unused]] double Seconds = threadSeconds() - std::exchange(Since, -1.0);
#ifdef SMPI_H
  if (Seconds >= Threshold) // as SMPI drops the bursts of an MPI program
    smpi_execute(Seconds);
#endif
}

RankCodePause::RankCodePause(RankCodeCharges &C, int &Depth) {
  if (!C.enabled())
    return;
  Charges = &C;
  CallDepth = &Depth;
  if ((*CallDepth)++ == 0)
    Charges->pause();
}

RankCodePause::RankCodePause(RankCodePause &&Other) noexcept
    : Charges(std::exchange(Other.Charges, nullptr)),
      CallDepth(std::exchange(Other.CallDepth, nullptr)) {}

RankCodePause::~RankCodePause() {
  if (Charges && --*CallDepth == 0)
    Charges->resume();
}

} // namespace bamboo::detail
