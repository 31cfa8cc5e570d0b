// fault.h - naming the virtual rank when a process dies by a signal.
#pragma once

namespace bamboo::detail {

// SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT print which virtual rank was running, then the
// process dies as it would have (mpiexec then ends the job).
void installFaultHandlers();
// The rank the signal message names for this thread (-1: none).
void setSignalRank(int Rank) noexcept;

} // namespace bamboo::detail
