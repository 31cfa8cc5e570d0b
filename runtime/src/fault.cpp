// fault.cpp - a last message naming the virtual rank when a process dies by a signal.
#include "fault.h"

#include <csignal>
#include <cstring>
#include <initializer_list>
#include <unistd.h>

namespace bamboo::detail {
namespace {

thread_local volatile int SignalRank = -1;

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

void onFatalSignal(int Signal) {
  writeText("bamboo: fatal signal ");
  writeText(sigabbrev_np(Signal) ? sigabbrev_np(Signal) : "?");
  if (SignalRank >= 0) {
    writeText(" in virtual rank ");
    writeNumber(SignalRank);
  } else {
    writeText(" outside any virtual rank");
  }
  writeText("\n");
  std::signal(Signal, SIG_DFL);
  std::raise(Signal);
}

} // namespace

void setSignalRank(int Rank) noexcept { SignalRank = Rank; }

void installFaultHandlers() {
  for (int Signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
    std::signal(Signal, onFatalSignal);
}

} // namespace bamboo::detail
