// simulated_mpi.h - what the runtime does differently under SimGrid's SMPI (docs/scale.md).
//
// SMPI runs every process of the job as a simulated process inside one OS process
// (cmake/BambooSMPI.cmake). Three things follow for the runtime:
// - It has no matched probes (MPI_Improbe aborts), so the transport takes frames with
//   MPI_Iprobe and MPI_Recv (transport.cpp).
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
inline constexpr bool MPIHasMatchedProbes = !MPIIsSimulated;

} // namespace bamboo::detail
