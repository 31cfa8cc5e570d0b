// stats.h - counters for BAMBOO_STATS and the summary printed at exit.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

namespace bamboo::detail {

class Runtime;

using Clock = std::chrono::steady_clock;

class Stats {
public:
  void init(int Workers) { PerWorker.assign(Workers, Worker{}); }

  // Under the engine lock.
  void countSend(bool Local, std::uint64_t Bytes) {
    if (Local) {
      ++LocalMessages;
      LocalBytes += Bytes;
    } else {
      ++RemoteMessages;
      RemoteBytes += Bytes;
    }
  }
  std::uint64_t localMessages() const { return LocalMessages; }
  std::uint64_t remoteMessages() const { return RemoteMessages; }

  // Under the engine lock: the number of tasks blocked on communication changes.
  void blockedTasksChanged(int Blocked, Clock::time_point Now);

  // By each worker for itself, no lock.
  void taskRan(int Worker, double Seconds, bool WhileOthersWaited) {
    PerWorker[Worker].Busy += Seconds;
    if (WhileOthersWaited)
      PerWorker[Worker].BusyWhileWaiting += Seconds;
  }
  void idled(int Worker, double Seconds) { PerWorker[Worker].Idle += Seconds; }

  // Collective over the control communicator: process 0 prints one table.
  void report(Runtime &RT, double WallSeconds);

private:
  struct Worker {
    double Busy = 0, Idle = 0, BusyWhileWaiting = 0;
  };
  std::vector<Worker> PerWorker;
  std::uint64_t LocalMessages = 0, LocalBytes = 0, RemoteMessages = 0, RemoteBytes = 0;
  int Blocked = 0;
  Clock::time_point BlockedSince;
  double WaitingSeconds = 0; // time during which some task waited
};

} // namespace bamboo::detail
