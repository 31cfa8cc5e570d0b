// matched_message.h - MPI_Message values for messages a matched probe took out of matching.
#pragma once

#include "message.h"
#include "slot_handle.h"
#include "wait_site.h"

#include <memory>
#include <vector>

namespace bamboo::detail {

struct Communicator;

struct MatchedMessage {
  std::unique_ptr<Message> M;
  const Communicator *Comm = nullptr;
};

// Like the request table: the handles share no value with MPI's own (0x7c...... where MPI_Message
// is an integer: MPICH's are 0x2c000000 and 0x6c000000). Under the engine lock.
class MessageTable {
public:
  MPI_Message add(MatchedMessage Matched);
  // Takes a message back out (MPI_Mrecv, MPI_Imrecv); a fatal error for any other value.
  MatchedMessage take(MPI_Message Handle, const WaitSite &Site);

private:
  using Handles = SlotHandles<MPI_Message, 0x7c000000>;
  std::vector<MatchedMessage> Slots; // an empty M: a free slot
  std::vector<std::size_t> FreeSlots;
};

} // namespace bamboo::detail
