// rank_code_charges.cpp - timing the ranks' code and charging it to SMPI.
#include "rank_code_charges.h"
#include "fatal_error.h"
#include "simulated_mpi.h"

#include <ctime>
#include <string>
#include <utility>

#ifdef SMPI_H
#include <simgrid/host.h>
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

RankCodeCharges::RankCodeCharges(const Options::SimulatedRuntimeCost &Asked) {
  if (!MPIIsSimulated || Asked.Kind == Mode::Measured)
    return;
  Cost = Asked;
#ifdef SMPI_H
  // SMPI would charge what the runtime charges a second time.
  if (sg_cfg_get_boolean("smpi/simulate-computation"))
    fatalError(std::string("BAMBOO_SIMULATED_RUNTIME_COST=") +
               (Cost.Kind == Mode::None ? "none: the runtime charges the ranks' code itself"
                                        : "model: the program and the runtime charge computation "
                                          "themselves") +
               ", and SMPI charges every burst as well; run with smpirun "
               "--cfg=smpi/simulate-computation:no");
  Threshold = sg_cfg_get_double("smpi/cpu-threshold");
#endif
}

void RankCodeCharges::message(std::size_t Bytes) {
  Owed += 0.5 * (Cost.PerMessage + Cost.PerByte * static_cast<double>(Bytes));
}

void RankCodeCharges::payOwed() {
  [[maybe_unused]] double Seconds = std::exchange(Owed, 0.0);
#ifdef SMPI_H
  // Exactly, however short: smpi_execute drops what is under smpi/cpu-threshold, as it drops
  // the short bursts it times. In flops at the simulated core's own speed.
  if (Seconds > 0)
    smpi_execute_flops(Seconds * sg_host_get_speed(sg_host_self()));
#endif
}

// Natively several workers share this object: the hooks touch it only when a mode is on,
// which is only under SMPI, where the process has one thread.
void RankCodeCharges::resume() {
  if (!enabled())
    return;
  payOwed();
  if (Cost.Kind == Mode::None)
    Since = threadSeconds();
}

void RankCodeCharges::pause() {
  if (!enabled())
    return;
  payOwed();
  if (Cost.Kind != Mode::None || Since < 0)
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
