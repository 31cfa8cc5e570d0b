// fault.cpp - a last message naming the virtual rank when a process dies by a signal.
#include "fault.h"

#include <csignal>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <unistd.h>

namespace bamboo::detail {
namespace {

thread_local SignalContext Running;

// Formats without allocating: only async-signal-safe calls here.
void writeNumber(int N) {
  char Digits[16];
  int Len = 0;
  bool Negative = N < 0;
  unsigned U = Negative ? 0u - static_cast<unsigned>(N) : static_cast<unsigned>(N);
  do {
    Digits[Len++] = static_cast<char>('0' + U % 10);
    U /= 10;
  } while (U && Len < 15);
  if (Negative)
    Digits[Len++] = '-';
  char Out[16];
  for (int I = 0; I < Len; ++I)
    Out[I] = Digits[Len - 1 - I];
  (void)!write(STDERR_FILENO, Out, Len);
}

void writeText(const char *S) { (void)!write(STDERR_FILENO, S, std::strlen(S)); }

void onFatalSignal(int Signal, siginfo_t *Info, void *) {
  const char *Address = static_cast<const char *>(Info->si_addr);
  if (Running.Rank >= 0 && (Signal == SIGSEGV || Signal == SIGBUS) &&
      Address >= Running.GuardBegin && Address < Running.GuardEnd) {
    writeText("bamboo: stack overflow in virtual rank ");
    writeNumber(Running.Rank);
    writeText(": its stack of ");
    writeNumber(static_cast<int>(Running.StackSize >> 10));
    writeText(" KiB is full (BAMBOO_STACK_SIZE sets it)\n");
  } else {
    writeText("bamboo: fatal signal ");
    writeText(sigabbrev_np(Signal) ? sigabbrev_np(Signal) : "?");
    if (Running.Rank >= 0) {
      writeText(" in virtual rank ");
      writeNumber(Running.Rank);
    } else {
      writeText(" outside any virtual rank");
    }
    writeText("\n");
  }
  std::signal(Signal, SIG_DFL);
  std::raise(Signal);
}

} // namespace

void setSignalContext(const SignalContext &C) noexcept { Running = C; }

namespace {
// A thread's alternate signal stack, given back when the thread ends.
struct AlternateStack {
  std::unique_ptr<char[]> Memory;
  ~AlternateStack() {
    if (!Memory)
      return;
    stack_t Off{};
    Off.ss_flags = SS_DISABLE;
    sigaltstack(&Off, nullptr);
  }
};
thread_local AlternateStack Alternate;
} // namespace

void useAlternateSignalStack() {
  // A thread that has one (its own, or ours) keeps it.
  stack_t Old{};
  if (sigaltstack(nullptr, &Old) == 0 && !(Old.ss_flags & SS_DISABLE))
    return;
  constexpr std::size_t Size = 64 * 1024;
  Alternate.Memory = std::make_unique<char[]>(Size);
  stack_t New{};
  New.ss_size = Size;
  New.ss_sp = Alternate.Memory.get();
  sigaltstack(&New, nullptr);
}

void installFaultHandlers() {
  useAlternateSignalStack();
  struct sigaction Action{};
  Action.sa_sigaction = onFatalSignal;
  Action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&Action.sa_mask);
  for (int Signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
    sigaction(Signal, &Action, nullptr);
}

} // namespace bamboo::detail
