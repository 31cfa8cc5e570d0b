// engine.h - point-to-point matching and delivery for the virtual ranks of this process.
//
// Every member runs under the runtime's engine lock.
#pragma once

#include "counters.h"
#include "datatype.h"
#include "message.h"
#include "progress_signal.h"
#include "remote.h"

#include <string>

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace bamboo::detail {

class Scheduler;
class CommunicatorTable;

class Engine final : public Arrivals {
public:
  // Matches for the ranks Place gives this process; sends larger than EagerLimit bytes wait
  // for their receive; messages to other processes go to Remote; completions wake through
  // Sched; a receive or probe posted wakes Progress.
  Engine(Placement Place, std::size_t EagerLimit, Scheduler &Sched, RemoteSends &Remote,
         ProgressSignal &Progress)
      : Place(Place), EagerLimit(EagerLimit), Sched(Sched), Remote(Remote), Progress(Progress),
        Mailboxes(Place.VirtualRanks) {}

  // Starts a receive (R's buffer, envelope and owner are set); it may complete at once.
  void startRecv(Request &R);
  // Starts a send of S.SendBuf to S.DestWorld; it may complete at once.
  void startSend(Request &S, const Envelope &Env, SendMode Mode);

  // A send whose buffer its rank writes after this call, front to back (bamboo::isendInParts): a
  // standard send to another process above the eager limit, from a contiguous buffer, is
  // announced now and leaves in parts as sendReady says they are final; any other send
  // starts, whole, when all of it is.
  void startSendInParts(Request &S, const Envelope &Env, SendMode Mode);
  // The first Bytes of the buffer of S (started in parts) are final; SIZE_MAX: all of it, which
  // every such send must be told once.
  void sendReady(Request &S, std::size_t Bytes);
  // Where (in bytes) the part of S that holds byte Offset ends: SIZE_MAX if S leaves whole.
  std::size_t partEnd(const Request &S, std::size_t Offset) const;

  // Arrivals, from the transport.
  void deliver(int DestWorld, std::unique_ptr<Message> M) override;
  void payloadLanded(Request &R, const std::vector<std::byte> &Temp, std::size_t Bytes) override;
  void payloadSent(Request &S) override { complete(S); }

  // The oldest unexpected message a probe by local rank LocalIndex would see, or null.
  const Message *probe(int LocalIndex, int Source, int Tag, int Context) const;
  void addProbe(int LocalIndex, ProbeWait &P) {
    Mailboxes[LocalIndex].Probes.push_back(&P);
    Progress.demand();
  }
  void removeProbe(int LocalIndex, ProbeWait &P);

  // A matched probe: takes the oldest unexpected message local rank LocalIndex could receive
  // out of matching (null if none), and later delivers it into receive R.
  std::unique_ptr<Message> takeUnexpected(int LocalIndex, int Source, int Tag, int Context);
  void receiveMatched(Message &M, Request &R);

  // MPI_Cancel of a receive: completes R as cancelled if no message has matched it yet.
  void cancelRecv(Request &R);

  // Marks R complete and wakes whoever waits for it; a request the user freed is deleted.
  void complete(Request &R);

  // Fills R's status and error for a message of Bytes bytes and envelope Env.
  static void setStatus(Request &R, const Envelope &Env, std::size_t Received, bool Truncated);

  const MessageCounters &counters() const { return Counters; }
  // Unmatched messages (statistics).
  std::size_t unexpectedCount() const;
  // Whether a local rank has posted a receive or waits in a probe: a message from another
  // process may be on its way, which needs MPI calls to be taken in.
  bool awaitsMessages() const;
  // What local rank WorldRank still waits for, one line each (the deadlock report).
  std::vector<std::string> pendingOperations(int WorldRank, const CommunicatorTable &Comms) const;

private:
  Mailbox &mailboxOf(int WorldRank);
  // Moves M's data into receive R and completes what can be completed.
  void transfer(Message &M, Request &R);
  void enqueueUnexpected(Mailbox &Box, std::unique_ptr<Message> M);
  void sendRemote(Request &S, const Envelope &Env, SendMode Mode, const Layout &L);

  Placement Place;
  std::size_t EagerLimit;
  Scheduler &Sched;
  RemoteSends &Remote;
  ProgressSignal &Progress;
  std::vector<Mailbox> Mailboxes;
  // The sends started in parts until all of their buffer is final: those that leave in parts
  // (PartBytes, their message's size) and those that start whole then.
  struct InParts {
    bool Announced = false;
    std::size_t Bytes = 0;
    Envelope Env;
    SendMode Mode = SendMode::Standard;
  };
  std::unordered_map<const Request *, InParts> SendsInParts;
  MessageCounters Counters;
};

} // namespace bamboo::detail
