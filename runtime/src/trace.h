// trace.h - a Chrome/Perfetto trace (BAMBOO_TRACE=out.json): an observer of the workers and
// the transport.
//
// Process p of the job is trace process p; each worker is a thread track with one slice per
// task run, labelled with the virtual rank; a "communication" track has one instant per MPI
// frame or payload. At exit process 0 gathers every process's events and writes one file.
#pragma once

#include "observer.h"

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

namespace bamboo::detail {

class Trace final : public SchedulerObserver, public TransportObserver {
public:
  // Times are taken from Start, the job's common origin.
  Trace(int Workers, Clock::time_point Start) : Start(Start), PerWorker(Workers) {}

  void taskRan(int Worker, int Rank, Clock::time_point Begin, Clock::time_point End,
               bool WhileOthersWaited) override;
  void frameSent(int Peer, std::uint64_t Bytes, std::uint32_t Records) override;
  void frameReceived(int Peer, std::uint64_t Bytes, std::uint32_t Records) override;
  void payloadSent(int Peer, std::uint64_t Bytes) override;

  // Collective over Control; process 0 writes Path. Returns false (after a message) if the
  // file cannot be written.
  bool write(MPI_Comm Control, int Process, const std::string &Path) const;

private:
  struct Event {
    std::string Name;
    int Track;
    double BeginMicros, DurationMicros;
    std::int64_t Arg; // rank, or bytes
  };
  double micros(Clock::time_point T) const;
  void communication(std::string What, std::uint64_t Bytes);

  Clock::time_point Start;
  std::vector<std::vector<Event>> PerWorker; // each worker writes only its own
  std::vector<Event> Communication;          // under the engine lock
};

} // namespace bamboo::detail
