// trace.h - a Chrome/Perfetto trace (BAMBOO_TRACE=out.json).
//
// Process p of the job is trace process p; each worker is a thread track with one slice per
// task run, labelled with the virtual rank; a "communication" track has one slice per MPI
// frame or payload. At exit process 0 gathers every process's events and writes one file.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace bamboo::detail {

class Runtime;

class Trace {
public:
  void init(bool Enabled, int Workers, std::chrono::steady_clock::time_point Start);
  bool enabled() const { return Enabled; }

  // By a worker for itself.
  void taskRun(int Worker, int Rank, std::chrono::steady_clock::time_point Begin,
               std::chrono::steady_clock::time_point End);
  // Under the engine lock.
  void communication(const std::string &What, std::uint64_t Bytes);

  // Collective over the control communicator; process 0 writes Path. Returns false (after a
  // message) if the file cannot be written.
  bool write(Runtime &RT, const std::string &Path);

private:
  struct Event {
    std::string Name;
    int Track;
    double BeginMicros, DurationMicros;
    std::int64_t Arg; // rank, or bytes
  };
  double micros(std::chrono::steady_clock::time_point T) const;

  bool Enabled = false;
  std::chrono::steady_clock::time_point Start;
  std::vector<std::vector<Event>> PerWorker;
  std::vector<Event> Communication;
};

} // namespace bamboo::detail
