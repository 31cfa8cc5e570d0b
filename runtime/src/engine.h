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
#include <map>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace bamboo::detail {

class Scheduler;
class CommunicatorTable;
struct Communicator;

class Engine final : public Arrivals {
public:
  // Matches for the ranks Place gives this process; sends larger than EagerLimit bytes wait
  // for their receive; messages to other processes go to Remote; completions wake through
  // Sched; a receive or probe posted wakes Progress.
  // DetectBroadcasts: olap regions' hand-written broadcasts go along a tree
  // (docs/collective-detection.md).
  Engine(Placement Place, std::size_t EagerLimit, Scheduler &Sched, RemoteSends &Remote,
         ProgressSignal &Progress, bool DetectBroadcasts = false)
      : Place(Place), EagerLimit(EagerLimit), Sched(Sched), Remote(Remote), Progress(Progress),
        DetectBroadcasts(DetectBroadcasts), Mailboxes(Place.VirtualRanks),
        Batches(Place.VirtualRanks) {}

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

  // The sends a local rank makes while an olap region is open form a batch, closed when the
  // region completes (docs/collective-detection.md): a broadcast the rank repeats goes along a
  // tree. A batch is released, its held sends leaving as written, before the rank waits.
  void openBatch(int WorldRank);
  void closeBatch(int WorldRank);
  void releaseBatch(int WorldRank);

  // Arrivals, from the transport.
  void deliver(int DestWorld, std::unique_ptr<Message> M) override;
  void payloadLanded(Request &R, const std::vector<std::byte> &Temp, std::size_t Bytes) override;
  void payloadSent(Request &S) override { complete(S); }
  std::size_t runnableRanks() const override;

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

  // What a batch knows of a send to another process on a communicator's point-to-point
  // context.
  struct SendShape {
    int DestWorld = 0;
    Envelope Env;
    const void *Buf = nullptr;
    int Count = 0;
    MPI_Datatype Type = MPI_DATATYPE_NULL;
    std::size_t Bytes = 0;
    const Communicator *Comm = nullptr;
    ByteBuffer Held;          // a send held for a tree broadcast: its packed payload,
    bool SameAsFirst = false; // or none: the first held send's bytes are its own
  };
  struct Batch {
    int Depth = 0;                 // open regions
    std::vector<SendShape> Shapes; // the sends that left, as a candidate broadcast
    std::vector<SendShape> Held;   // the sends of a root broadcasting along a tree, held
  };
  // A rank whose last batch broadcast on a context, and that has sent nothing else there
  // since; Tree once it repeated.
  struct Broadcaster {
    BroadcastRoute Route;
    int Tag = 0;
    std::size_t Bytes = 0;
    bool Tree = false;
  };
  Batch &batchOf(int WorldRank) { return Batches[Place.localIndexOf(WorldRank)]; }
  // A send of S that a batch should know of, or hold.
  bool batched(const Request &S, const Envelope &Env) const;
  // Before SourceWorld sends to another process on Context otherwise than in a broadcast:
  // what it holds leaves first, and a tree ends (InBatch: the send is a candidate, and only a
  // tree ends).
  void beforeDirectSend(int SourceWorld, int Context, bool InBatch);
  // The shapes of one context form a broadcast to every member on another process: its route.
  std::optional<BroadcastRoute> broadcastRoute(int SourceWorld,
                                               const std::vector<const SendShape *> &Sends) const;
  // Whether Sends are B's broadcast again: its tag and size, to each of its ranks once; the
  // route is not built again.
  bool repeats(const Broadcaster &B, const std::vector<const SendShape *> &Sends) const;
  // At the end of a region entry: the sends that left, as a candidate; those held, as the
  // broadcast again or as written.
  void closeShapes(int SourceWorld, const std::vector<SendShape> &Shapes);
  void closeHeld(int SourceWorld, int Context);
  // The tree on Context ends, and what SourceWorld holds for it leaves as written.
  void sendHeld(int SourceWorld, int Context);
  void endTree(int SourceWorld, int Context);

  Placement Place;
  std::size_t EagerLimit;
  Scheduler &Sched;
  RemoteSends &Remote;
  ProgressSignal &Progress;
  bool DetectBroadcasts;
  std::vector<Mailbox> Mailboxes;
  std::vector<Batch> Batches;                              // per local rank
  std::map<std::pair<int, int>, Broadcaster> Broadcasters; // (world rank, context)
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
