// simulated_mpi.h - what the runtime does differently under SimGrid's SMPI (docs/scale.md).
//
// SMPI runs every process of the job as a simulated process inside one OS process
// (cmake/BambooSMPI.cmake). Two things follow for the runtime:
// - It has no matched probes (MPI_Improbe aborts), so the transport takes frames with
//   MPI_Iprobe and MPI_Recv (transport.cpp).
// - MPI_Abort does not end the simulation with a failure: it kills the simulated processes, and
//   smpirun then exits 0. The job, all of it in this OS process, ends with _Exit instead.
// It provides MPI_THREAD_SINGLE, which the runtime already handles (no progress thread, one
// worker: startup.cpp).
#pragma once

#ifndef BAMBOO_MPI_IS_SMPI
#error "BAMBOO_MPI_IS_SMPI must be 0 or 1 (runtime/CMakeLists.txt)"
#endif

namespace bamboo::detail {

inline constexpr bool MPIIsSimulated = BAMBOO_MPI_IS_SMPI;
inline constexpr bool MPIHasMatchedProbes = !MPIIsSimulated;

} // namespace bamboo::detail
