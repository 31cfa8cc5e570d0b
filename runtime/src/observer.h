// observer.h - what statistics and the trace see of the runtime: events, not calls into them.
//
// The worker loop and the transport report events to an observer they are handed; Stats and
// Trace are observers (docs/runtime.md). With BAMBOO_STATS and BAMBOO_TRACE unset nobody
// observes, and an event costs one test of an empty list.
#pragma once

#include "clock.h"

#include <cstdint>
#include <vector>

namespace bamboo::detail {

// Events of the workers. taskRan and workerIdled come from the worker itself, without the
// engine lock; blockedTasksChanged comes under it.
class SchedulerObserver {
public:
  virtual ~SchedulerObserver() = default;
  // Worker ran the task of Rank from Begin to End; WhileOthersWaited: some task of this process
  // was waiting for communication when it started (the overlap statistic).
  virtual void taskRan(int /*Worker*/, int /*Rank*/, Clock::time_point /*Begin*/,
                       Clock::time_point /*End*/, bool /*WhileOthersWaited*/) {}
  virtual void workerIdled(int /*Worker*/, Clock::duration /*Idle*/) {}
  // The number of tasks blocked on communication is now Blocked.
  virtual void blockedTasksChanged(int /*Blocked*/, Clock::time_point /*At*/) {}
};

// Events of the transport, under the engine lock.
class TransportObserver {
public:
  virtual ~TransportObserver() = default;
  // A frame of Records messages to process Peer, or from it.
  virtual void frameSent(int /*Peer*/, std::uint64_t /*Bytes*/, std::uint32_t /*Records*/) {}
  virtual void frameReceived(int /*Peer*/, std::uint64_t /*Bytes*/, std::uint32_t /*Records*/) {}
  // A large payload started on its way to process Peer.
  virtual void payloadSent(int /*Peer*/, std::uint64_t /*Bytes*/) {}
};

// Hands every event to each observer added.
class Observers final : public SchedulerObserver, public TransportObserver {
public:
  void add(SchedulerObserver &O) { SchedulerWatchers.push_back(&O); }
  void add(TransportObserver &O) { TransportWatchers.push_back(&O); }
  // Whether anyone observes the workers: without, they need not read the clock.
  bool watchScheduler() const { return !SchedulerWatchers.empty(); }

  void taskRan(int Worker, int Rank, Clock::time_point Begin, Clock::time_point End,
               bool WhileOthersWaited) override {
    for (SchedulerObserver *O : SchedulerWatchers)
      O->taskRan(Worker, Rank, Begin, End, WhileOthersWaited);
  }
  void workerIdled(int Worker, Clock::duration Idle) override {
    for (SchedulerObserver *O : SchedulerWatchers)
      O->workerIdled(Worker, Idle);
  }
  void blockedTasksChanged(int Blocked, Clock::time_point At) override {
    for (SchedulerObserver *O : SchedulerWatchers)
      O->blockedTasksChanged(Blocked, At);
  }
  void frameSent(int Peer, std::uint64_t Bytes, std::uint32_t Records) override {
    for (TransportObserver *O : TransportWatchers)
      O->frameSent(Peer, Bytes, Records);
  }
  void frameReceived(int Peer, std::uint64_t Bytes, std::uint32_t Records) override {
    for (TransportObserver *O : TransportWatchers)
      O->frameReceived(Peer, Bytes, Records);
  }
  void payloadSent(int Peer, std::uint64_t Bytes) override {
    for (TransportObserver *O : TransportWatchers)
      O->payloadSent(Peer, Bytes);
  }

private:
  std::vector<SchedulerObserver *> SchedulerWatchers;
  std::vector<TransportObserver *> TransportWatchers;
};

} // namespace bamboo::detail
