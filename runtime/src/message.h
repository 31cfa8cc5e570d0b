// message.h - messages waiting to be matched, and the mailbox of one virtual rank.
#pragma once

#include "byte_buffer.h"
#include "matching_queue.h"
#include "request.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace bamboo::detail {

// What MPI matches on. Source is the sender's rank in the communicator.
struct Envelope {
  int Source = 0;
  int Tag = 0;
  int Context = 0;
};

// Does a receive for (Source, Tag, Context) accept a message with envelope E?
inline bool matches(int Source, int Tag, int Context, const Envelope &E) {
  return Context == E.Context && (Source == MPI_ANY_SOURCE || Source == E.Source) &&
         (Tag == MPI_ANY_TAG || Tag == E.Tag);
}

struct Message {
  enum class Kind {
    Eager,            // the packed payload is here
    LocalRendezvous,  // a local send waits; its data is still in the sender's buffer
    RemoteRendezvous, // another process sends the payload once we post the receive
  };
  Kind K = Kind::Eager;
  Envelope Env;
  std::size_t Bytes = 0;

  // Eager: either owned bytes, or a slice of a received frame (kept alive by the pointer).
  ByteBuffer Owned;
  std::shared_ptr<ByteBuffer> Frame;
  std::size_t FrameOffset = 0;
  const std::byte *data() const { return Frame ? Frame->data() + FrameOffset : Owned.data(); }

  Request *Sender = nullptr; // LocalRendezvous
  int SourceProcess = -1;    // RemoteRendezvous
  int TransferTag = 0;
  bool InParts = false; // RemoteRendezvous: its payload comes as parts (partBytes)
};

// A task blocked in MPI_Probe.
struct ProbeWait {
  int Source = 0;
  int Tag = 0;
  int Context = 0;
  WaitGroup Group;
};

// The matching state of one virtual rank: receives posted and messages not yet received,
// both matched oldest first (MPI's matching order).
struct Mailbox {
  MatchingQueue<Request *> Posted;                    // by the receive's source
  MatchingQueue<std::unique_ptr<Message>> Unexpected; // by the message's source
  std::vector<ProbeWait *> Probes;
};

} // namespace bamboo::detail
