// clock.h - the runtime's clock: what its intervals (the detector's waves, its idle polls) and
// its statistics and trace are measured on.
//
// It is steady_clock, except under SimGrid's SMPI, where it is the simulated time (MPI_Wtime):
// there the simulator's own time runs tens to hundreds of times slower than the simulated
// machine's, and intervals measured on it would make the detector wave, say, every few
// simulated microseconds instead of every millisecond (simulated_mpi.h).
#pragma once

#include "simulated_mpi.h"

#include <chrono>

namespace bamboo::detail {

struct Clock {
  using duration = std::chrono::nanoseconds;
  using rep = duration::rep;
  using period = duration::period;
  using time_point = std::chrono::time_point<Clock>;
  static constexpr bool is_steady = true;

  static time_point now() noexcept {
    if constexpr (MPIIsSimulated)
      return time_point(duration(static_cast<rep>(MPI_Wtime() * 1e9)));
    else
      return time_point(std::chrono::duration_cast<duration>(
          std::chrono::steady_clock::now().time_since_epoch()));
  }
};

} // namespace bamboo::detail
