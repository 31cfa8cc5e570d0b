// stats.cpp - the BAMBOO_STATS summary.
#include "stats.h"

#include <algorithm>
#include <cstdio>

namespace bamboo::detail {
namespace {
struct Row {
  double Busy, Idle, BusyWhileWaiting, Waiting;
  double LocalMessages, LocalBytes, RemoteMessages, RemoteBytes, MPIMessages, MPIBytes, Waves,
      TreeBroadcasts, BroadcastRecords;
};
} // namespace

namespace {
double seconds(Clock::duration D) { return std::chrono::duration<double>(D).count(); }
} // namespace

void Stats::taskRan(int Worker, int, Clock::time_point Begin, Clock::time_point End,
                    bool WhileOthersWaited) {
  double Ran = seconds(End - Begin);
  PerWorker[Worker].Busy += Ran;
  if (WhileOthersWaited)
    PerWorker[Worker].BusyWhileWaiting += Ran;
}

void Stats::workerIdled(int Worker, Clock::duration Idle) {
  PerWorker[Worker].Idle += seconds(Idle);
}

void Stats::blockedTasksChanged(int Now, Clock::time_point At) {
  if (Blocked > 0)
    WaitingSeconds += seconds(At - BlockedSince);
  Blocked = Now;
  BlockedSince = At;
}

void Stats::report(MPI_Comm Control, const JobShape &Shape, const MessageCounters &Messages,
                   const TransportCounters &Net, std::uint64_t DetectorWaves,
                   double WallSeconds) const {
  Row Mine{};
  for (const Worker &W : PerWorker) {
    Mine.Busy += W.Busy;
    Mine.Idle += W.Idle;
    Mine.BusyWhileWaiting += W.BusyWhileWaiting;
  }
  Mine.Waiting = WaitingSeconds;
  Mine.LocalMessages = static_cast<double>(Messages.LocalMessages);
  Mine.LocalBytes = static_cast<double>(Messages.LocalBytes);
  Mine.RemoteMessages = static_cast<double>(Messages.RemoteMessages);
  Mine.RemoteBytes = static_cast<double>(Messages.RemoteBytes);
  Mine.MPIMessages = static_cast<double>(Net.FramesSent + Net.PayloadsSent);
  Mine.MPIBytes = static_cast<double>(Net.BytesSent);
  Mine.Waves = static_cast<double>(DetectorWaves);
  Mine.TreeBroadcasts = static_cast<double>(Messages.TreeBroadcasts);
  Mine.BroadcastRecords = static_cast<double>(Net.BroadcastRecordsSent);

  constexpr int Fields = sizeof(Row) / sizeof(double);
  std::vector<Row> All(Shape.Process == 0 ? Shape.Processes : 0);
  MPI_Gather(&Mine, Fields, MPI_DOUBLE, All.data(), Fields, MPI_DOUBLE, 0, Control);
  if (Shape.Process != 0)
    return;

  std::fflush(stdout);
  std::fprintf(stderr, "bamboo stats: %d processes x %d virtual ranks, %d worker(s) each, %.6f s\n",
               Shape.Processes, Shape.VirtualRanks, Shape.Workers, WallSeconds);
  std::fprintf(stderr, "%7s %8s %8s %10s %9s %10s %9s %9s %9s %8s %7s %6s %7s\n", "process",
               "busy s", "idle s", "local msg", "local MB", "remote msg", "remote MB", "MPI msg",
               "MPI MB", "overlap", "waves", "trees", "tree rec");
  for (int P = 0; P < Shape.Processes; ++P) {
    const Row &R = All[P];
    char Overlap[16] = "-";
    if (R.Waiting > 0)
      std::snprintf(Overlap, sizeof Overlap, "%.0f%%",
                    100 * std::min(1.0, R.BusyWhileWaiting / R.Waiting));
    std::fprintf(
        stderr, "%7d %8.3f %8.3f %10.0f %9.2f %10.0f %9.2f %9.0f %9.2f %8s %7.0f %6.0f %7.0f\n", P,
        R.Busy, R.Idle, R.LocalMessages, R.LocalBytes / 1e6, R.RemoteMessages, R.RemoteBytes / 1e6,
        R.MPIMessages, R.MPIBytes / 1e6, Overlap, R.Waves, R.TreeBroadcasts, R.BroadcastRecords);
  }
  std::fprintf(stderr, "(remote msg: messages to other processes; MPI msg: the MPI messages "
                       "they became after coalescing; overlap: share of the time some rank "
                       "waited for data during which the core computed; waves: rounds of the "
                       "deadlock detector, a sum of 24 bytes on the control "
                       "communicator; trees: hand-written broadcasts its ranks sent along a "
                       "tree; tree rec: broadcast records it sent or passed on)\n");
  std::fflush(stderr);
}

} // namespace bamboo::detail
