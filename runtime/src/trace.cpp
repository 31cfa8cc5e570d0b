// trace.cpp - Chrome/Perfetto trace events, gathered to process 0 at exit.
#include "trace.h"

#include "runtime_core.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace bamboo::detail {
namespace {
constexpr int CommunicationTrack = 1000;
constexpr std::size_t MaxEventsPerTrack = 1 << 20; // bounds memory on long runs

std::string escapeJson(const std::string &S) {
  std::string Out;
  for (char Ch : S) {
    if (Ch == '"' || Ch == '\\')
      Out += '\\';
    if (static_cast<unsigned char>(Ch) < 0x20)
      continue;
    Out += Ch;
  }
  return Out;
}
} // namespace

void Trace::init(bool On, int Workers, std::chrono::steady_clock::time_point T0) {
  Enabled = On;
  Start = T0;
  PerWorker.assign(Workers, {});
}

double Trace::micros(std::chrono::steady_clock::time_point T) const {
  return std::chrono::duration<double, std::micro>(T - Start).count();
}

void Trace::taskRun(int Worker, int Rank, std::chrono::steady_clock::time_point Begin,
                    std::chrono::steady_clock::time_point End) {
  if (!Enabled || PerWorker[Worker].size() >= MaxEventsPerTrack)
    return;
  PerWorker[Worker].push_back(Event{"rank " + std::to_string(Rank), Worker, micros(Begin),
                                    micros(End) - micros(Begin), Rank});
}

void Trace::communication(const std::string &What, std::uint64_t Bytes) {
  if (!Enabled || Communication.size() >= MaxEventsPerTrack)
    return;
  Communication.push_back(Event{What, CommunicationTrack, micros(std::chrono::steady_clock::now()),
                                0, static_cast<std::int64_t>(Bytes)});
}

bool Trace::write(Runtime &RT, const std::string &Path) {
  std::ostringstream Out;
  int P = RT.Process;
  Out << "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":" << P << ",\"args\":{\"name\":\"process "
      << P << "\"}},\n";
  for (std::size_t W = 0; W < PerWorker.size(); ++W) {
    Out << "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":" << P << ",\"tid\":" << W
        << ",\"args\":{\"name\":\"worker " << W << "\"}},\n";
    for (const Event &E : PerWorker[W])
      Out << "{\"name\":\"" << escapeJson(E.Name)
          << "\",\"cat\":\"task\",\"ph\":\"X\",\"ts\":" << E.BeginMicros
          << ",\"dur\":" << E.DurationMicros << ",\"pid\":" << P << ",\"tid\":" << W
          << ",\"args\":{\"rank\":" << E.Arg << "}},\n";
  }
  Out << "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":" << P << ",\"tid\":" << CommunicationTrack
      << ",\"args\":{\"name\":\"communication\"}},\n";
  for (const Event &E : Communication)
    Out << "{\"name\":\"" << escapeJson(E.Name)
        << "\",\"cat\":\"communication\",\"ph\":\"i\",\"s\":\"t\",\"ts\":" << E.BeginMicros
        << ",\"pid\":" << P << ",\"tid\":" << CommunicationTrack << ",\"args\":{\"bytes\":" << E.Arg
        << "}},\n";

  std::string All = gatherText(RT.Net.controlComm(), Out.str());
  if (RT.Process != 0)
    return true;

  std::ofstream File(Path);
  if (!File) {
    std::fprintf(stderr, "bamboo: cannot write the trace to %s\n", Path.c_str());
    return false;
  }
  // The events end with ",\n"; close the array with an empty object-free tail.
  if (All.size() >= 2)
    All.resize(All.size() - 2);
  File << "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" << All << "\n]}\n";
  return static_cast<bool>(File);
}

} // namespace bamboo::detail
