// stats.h - the BAMBOO_STATS summary: an observer of the workers, printed at exit.
#pragma once

#include "counters.h"
#include "observer.h"

#include <mpi.h>

#include <vector>

namespace bamboo::detail {

class Stats final : public SchedulerObserver {
public:
  explicit Stats(int Workers) : PerWorker(Workers) {}

  void taskRan(int Worker, int Rank, Clock::time_point Begin, Clock::time_point End,
               bool WhileOthersWaited) override;
  void workerIdled(int Worker, Clock::duration Idle) override;
  void blockedTasksChanged(int Blocked, Clock::time_point At) override;

  // Collective over Control: process 0 prints one table, a row per process.
  // DetectorWaves: the quiescence waves this process joined.
  void report(MPI_Comm Control, const JobShape &Shape, const MessageCounters &Messages,
              const TransportCounters &Net, std::uint64_t DetectorWaves, double WallSeconds) const;

private:
  struct Worker {
    double Busy = 0, Idle = 0, BusyWhileWaiting = 0;
  };
  std::vector<Worker> PerWorker; // each worker writes only its own
  int Blocked = 0;
  Clock::time_point BlockedSince;
  double WaitingSeconds = 0; // time during which some task waited
};

} // namespace bamboo::detail
