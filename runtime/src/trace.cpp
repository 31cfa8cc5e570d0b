// trace.cpp - Chrome/Perfetto trace events, gathered to process 0 at exit.
#include "trace.h"

#include "gather_text.h"

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

double Trace::micros(Clock::time_point T) const {
  return std::chrono::duration<double, std::micro>(T - Start).count();
}

void Trace::taskRan(int Worker, int Rank, Clock::time_point Begin, Clock::time_point End, bool) {
  if (PerWorker[Worker].size() >= MaxEventsPerTrack)
    return;
  PerWorker[Worker].push_back(Event{"rank " + std::to_string(Rank), Worker, micros(Begin),
                                    micros(End) - micros(Begin), Rank});
}

void Trace::frameSent(int Peer, std::uint64_t Bytes, std::uint32_t Records) {
  communication("frame to process " + std::to_string(Peer) + " (" + std::to_string(Records) +
                    " messages)",
                Bytes);
}

void Trace::frameReceived(int Peer, std::uint64_t Bytes, std::uint32_t) {
  communication("frame from process " + std::to_string(Peer), Bytes);
}

void Trace::payloadSent(int Peer, std::uint64_t Bytes) {
  communication("payload to process " + std::to_string(Peer), Bytes);
}

void Trace::communication(std::string What, std::uint64_t Bytes) {
  if (Communication.size() >= MaxEventsPerTrack)
    return;
  Communication.push_back(Event{std::move(What), CommunicationTrack, micros(Clock::now()), 0,
                                static_cast<std::int64_t>(Bytes)});
}

bool Trace::write(MPI_Comm Control, int Process, const std::string &Path) const {
  std::ostringstream Out;
  int P = Process;
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

  std::string All = gatherText(Control, Out.str());
  if (Process != 0)
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
