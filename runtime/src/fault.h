// fault.h - naming the virtual rank when a process dies by a signal.
#pragma once

#include <cstddef>

namespace bamboo::detail {

// SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT print which virtual rank was running, then the
// process dies as it would have (mpiexec then ends the job). A fault in the guard region below a
// rank's stack is reported as that rank's stack overflow. The handler runs on an alternate
// signal stack, since an overflowing rank has none left.
void installFaultHandlers();
// Gives the calling thread an alternate signal stack (every thread that runs ranks).
void useAlternateSignalStack();
// What the signal message names for this thread: the rank (-1: none) and its stack's guard region.
struct SignalContext {
  int Rank = -1;
  const char *GuardBegin = nullptr;
  const char *GuardEnd = nullptr;
  std::size_t StackSize = 0;
};
void setSignalContext(const SignalContext &C) noexcept;

} // namespace bamboo::detail
