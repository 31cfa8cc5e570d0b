// stats.cpp - the BAMBOO_STATS summary.
#include "stats.h"

#include "runtime_core.h"

#include <algorithm>
#include <cstdio>

namespace bamboo::detail {
namespace {
struct Row {
  double Busy, Idle, BusyWhileWaiting, Waiting;
  double LocalMessages, LocalBytes, RemoteMessages, RemoteBytes, MPIMessages, MPIBytes;
};
} // namespace

void Stats::blockedTasksChanged(int Now, Clock::time_point At) {
  if (Blocked > 0)
    WaitingSeconds += std::chrono::duration<double>(At - BlockedSince).count();
  Blocked = Now;
  BlockedSince = At;
}

void Stats::report(Runtime &RT, double WallSeconds) {
  Row Mine{};
  for (const Worker &W : PerWorker) {
    Mine.Busy += W.Busy;
    Mine.Idle += W.Idle;
    Mine.BusyWhileWaiting += W.BusyWhileWaiting;
  }
  Mine.Waiting = WaitingSeconds;
  Mine.LocalMessages = static_cast<double>(LocalMessages);
  Mine.LocalBytes = static_cast<double>(LocalBytes);
  Mine.RemoteMessages = static_cast<double>(RemoteMessages);
  Mine.RemoteBytes = static_cast<double>(RemoteBytes);
  const TransportCounters &N = RT.Net.counters();
  Mine.MPIMessages = static_cast<double>(N.FramesSent + N.PayloadsSent);
  Mine.MPIBytes = static_cast<double>(N.BytesSent);

  constexpr int Fields = sizeof(Row) / sizeof(double);
  std::vector<Row> All(RT.Process == 0 ? RT.Processes : 0);
  MPI_Gather(&Mine, Fields, MPI_DOUBLE, All.data(), Fields, MPI_DOUBLE, 0, RT.Net.controlComm());
  if (RT.Process != 0)
    return;

  std::fflush(stdout);
  std::fprintf(stderr, "bamboo stats: %d processes x %d virtual ranks, %d worker(s) each, %.3f s\n",
               RT.Processes, RT.VirtualRanks, RT.Opts.Workers, WallSeconds);
  std::fprintf(stderr, "%7s %8s %8s %10s %9s %10s %9s %9s %9s %8s\n", "process", "busy s", "idle s",
               "local msg", "local MB", "remote msg", "remote MB", "MPI msg", "MPI MB", "overlap");
  for (int P = 0; P < RT.Processes; ++P) {
    const Row &R = All[P];
    char Overlap[16] = "-";
    if (R.Waiting > 0)
      std::snprintf(Overlap, sizeof Overlap, "%.0f%%",
                    100 * std::min(1.0, R.BusyWhileWaiting / R.Waiting));
    std::fprintf(stderr, "%7d %8.3f %8.3f %10.0f %9.2f %10.0f %9.2f %9.0f %9.2f %8s\n", P, R.Busy,
                 R.Idle, R.LocalMessages, R.LocalBytes / 1e6, R.RemoteMessages, R.RemoteBytes / 1e6,
                 R.MPIMessages, R.MPIBytes / 1e6, Overlap);
  }
  std::fprintf(stderr, "(remote msg: messages to other processes; MPI msg: the MPI messages "
                       "they became after coalescing; overlap: share of the time some rank "
                       "waited for data during which the core computed)\n");
  std::fflush(stderr);
}

} // namespace bamboo::detail
