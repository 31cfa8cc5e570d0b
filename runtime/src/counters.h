// counters.h - what the matching engine and the transport count, for BAMBOO_STATS, the
// detector and bamboo::processCounters(). Counters only grow.
#pragma once

#include <cstdint>

namespace bamboo::detail {

// Messages the virtual ranks of this process sent, by where their destination lives.
struct MessageCounters {
  std::uint64_t LocalMessages = 0, LocalBytes = 0;   // to a rank of this process
  std::uint64_t RemoteMessages = 0, RemoteBytes = 0; // to another process
  std::uint64_t TreeBroadcasts = 0;                  // hand-written broadcasts sent along a tree
};

// The MPI traffic those messages became.
struct TransportCounters {
  std::uint64_t FramesSent = 0, FramesReceived = 0;
  std::uint64_t RecordsSent = 0, RecordsReceived = 0;
  std::uint64_t BytesSent = 0; // frames and payloads
  std::uint64_t PayloadsSent = 0;
  std::uint64_t PayloadsCompletedSent = 0, PayloadsCompletedReceived = 0;
  std::uint64_t BroadcastRecordsSent = 0; // sent or passed on (collective detection)
};

// The shape of the job, for reports.
struct JobShape {
  int Processes = 1;
  int Process = 0;
  int VirtualRanks = 1;
  int Workers = 1;
};

} // namespace bamboo::detail
