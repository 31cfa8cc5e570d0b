// simulated_mpi.h - what the runtime does differently under SimGrid's SMPI (docs/scale.md).
//
// SMPI runs every process of the job as a simulated process inside one OS process
// (cmake/BambooSMPI.cmake). Three things follow for the runtime:
// - Every MPI call is a step of the simulator, and a poll that finds nothing advances the
//   process's simulated clock by a modelled constant: an idle process waits in MPI_Waitany
//   instead of polling (worker_loop.cpp).
// - MPI_Abort does not end the simulation with a failure: it kills the simulated processes, and
//   smpirun then exits 0. The job, all of it in this OS process, ends with _Exit instead.
// - Its simulated time is not the simulator's: the runtime's clock is MPI_Wtime (clock.h).
// It provides MPI_THREAD_SINGLE, which the runtime already handles (no progress thread, one
// worker: startup.cpp).
#pragma once

#include <mpi.h>

namespace bamboo::detail {

// SMPI's <mpi.h> includes its smpi.h, whose guard is SMPI_H.
#ifdef SMPI_H
inline constexpr bool MPIIsSimulated = true;
#else
inline constexpr bool MPIIsSimulated = false;
#endif

} // namespace bamboo::detail
