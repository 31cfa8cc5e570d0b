// transport.h - messages between processes, over MPI.
//
// Small payloads travel in frames: everything a process sends to one other process during a
// scheduling step is one frame (a header, then records, each with its payload). A frame goes
// as MPI messages of at most framePieceBytes(), which MPI sends eagerly: the kernel moves them
// while the ranks compute, with no MPI call needed on either side (a larger message would
// wait for both sides' MPI calls, as MPI's rendezvous does). The receiver keeps receives for
// pieces posted ahead, from any source, so that a piece lands where it is expected without a
// probe and an idle process can wait in MPI for the next one; it puts the pieces of a frame
// back together (pieces of one sender arrive in order).
// Large payloads travel by their own MPI_Isend straight from the sender's buffer; the frame
// carries only a request-to-send record, and the receiver posts the matching MPI_Irecv when a
// receive matches it. See docs/runtime.md.
//
// Every member runs under the runtime's engine lock.
#pragma once

#include "api_parts.h"
#include "counters.h"
#include "datatype.h"
#include "message.h"
#include "observer.h"
#include "progress_signal.h"
#include "remote.h"
#include "route_order.h"
#include "simulated_mpi.h"

#include <mpi.h>

#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

namespace bamboo::detail {

// The largest MPI message of a frame: the largest that the MPI underneath sends eagerly, in one
// fragment. MPICH over UCX: 8 KiB, over shared memory and TCP alike. SMPI sends a message
// eagerly ("detached") below smpi/send-is-detached-thresh (64 KiB by default; the torus and
// dragonfly platforms of bench/ set Cray's 8 KiB): a frame piece just above it went by
// rendezvous, and 3D Jacobi's 8 KiB halos with their headers crossed nodes so (docs/scale.md).
// At most 64 KiB there: smaller pieces only cost more MPI calls, and SimGrid charges each of
// them its own bookkeeping (Cannon at 64 cores spent 1.2 ms a step in its exchange with 8 KiB
// pieces, 0.7 with 64).
std::size_t framePieceBytes();

struct RecordHeader; // the wire format: transport.cpp
enum class RecordKind : std::int32_t;

class Transport final : public RemoteSends, public Outbox {
public:
  // Delivers to Arrived, reports to Observer; work that begins to be in flight wakes Progress.
  Transport(Arrivals &Arrived, TransportObserver &Observer, ProgressSignal &Progress)
      : Arrived(Arrived), Observer(Observer), Progress(Progress) {}
  void init(int Processes);
  void shutdown();

  // RemoteSends: an eager message is a record of the frame to its process; a rendezvous one
  // is a request-to-send record, and its payload goes by its own MPI message.
  std::byte *eager(int DestProcess, int DestWorld, int SourceWorld, const Envelope &Env,
                   std::size_t Bytes) override;
  void rendezvous(int DestProcess, int DestWorld, int SourceWorld, const Envelope &Env, Request &S,
                  const std::byte *Data, std::size_t Bytes, bool Synchronous) override;
  void rendezvousInParts(int DestProcess, int DestWorld, int SourceWorld, const Envelope &Env,
                         Request &S, const std::byte *Data, std::size_t Bytes) override;
  // A broadcast's records: one to each process of the route, or the halves of the route along
  // its tree; each process passes them on when they arrive (docs/collective-detection.md).
  void broadcast(const BroadcastRoute &Route, int SourceWorld, const Envelope &Env,
                 std::span<const std::byte> Payload, BroadcastWay How) override;
  void partsReady(Request &S, std::size_t Bytes) override;
  void receivePayload(const Message &Announced, Request &R, const Layout &RL) override;

  // Outbox: sends the frames built so far; true if any went out.
  bool flush() override;
  // Outbox: wakes the progress thread if anything must move while the rank computes.
  void rankGoesOn() override;
  // Flushes, completes finished MPI operations, takes and delivers incoming frames.
  // True if anything happened.
  bool progress();
  // Blocks until one of the transport's MPI operations or of Also completes, and handles it.
  // For an idle process that has nothing else to do (a simulated one: worker_loop.cpp); one of
  // Also (a detector's wave) completed here becomes MPI_REQUEST_NULL.
  void waitForAny(std::span<MPI_Request> Also);
  // Frames not yet sent, frames or payloads still arriving: work that will happen without any
  // task.
  bool busy() const;
  // Anything that needs MPI calls to move: frames or payloads being sent or received.
  bool inFlight() const { return busy() || !SendRequests.empty(); }

  MPI_Comm controlComm() const { return Control; }
  const TransportCounters &counters() const { return Counters; }

private:
  struct Outgoing {
    ByteBuffer Buf;
    std::uint32_t Records = 0;
  };
  struct SendInFlight {
    std::shared_ptr<ByteBuffer> Frame; // a frame (shared by its pieces) MPI is sending
    Request *Payload = nullptr;        // or a rendezvous send (or one part of it) to complete
  };
  // A rendezvous send in parts: what of it is final, and what MPI is still sending.
  struct PartsOut {
    int DestProcess = 0;
    int TransferTag = 0;
    const std::byte *Data = nullptr;
    std::size_t Bytes = 0;
    std::size_t Sent = 0; // handed to MPI
    int InFlight = 0;     // parts MPI has not finished sending
  };
  // A payload being received, as one MPI message or several (parts): complete when all landed.
  struct Landing {
    Request *R = nullptr;
    std::vector<std::byte> Temp; // when the data cannot land in the user's buffer directly
    std::size_t Bytes = 0;
    int Left = 1;
  };
  using RecvInFlight = std::shared_ptr<Landing>;

  std::byte *addRecord(int DestProcess, const RecordHeader &H, std::size_t PayloadBytes);
  // Adds the record announcing a rendezvous payload of Bytes; returns its transfer tag.
  int announce(int DestProcess, int DestWorld, int SourceWorld, const Envelope &Env,
               RecordKind Kind, std::size_t Bytes);
  // A broadcast record carrying slice S of Route, to the slice's first process.
  void addBroadcastRecord(const BroadcastRoute &Route, RouteSlice S, const RecordHeader &H,
                          std::span<const std::byte> Payload);
  // Passes on a broadcast record found at At of a frame, and delivers its messages in the
  // order of its way; returns the bytes it took after its header.
  template <class Deliver>
  std::size_t takeBroadcast(const RecordHeader &H, const std::shared_ptr<ByteBuffer> &Owner,
                            std::size_t At, Deliver &&D);
  // A frame whose pieces are arriving.
  struct Assembly {
    std::shared_ptr<ByteBuffer> Frame;
    std::size_t Filled = 0;
  };
  void postPiece(int Slot);
  // Posts the receives of the slots taken since the last call, newest last. A taken slot's
  // receive is posted again only at the next look for pieces, not when it is taken: the
  // frame's ranks run and answer first, and a repost is an MPI call on every message's
  // latency. The ring's order holds, since the slot is reposted after every other.
  void repostTakenPieces();
  // Takes the pieces that have landed, in the order MPI matched them, until one makes a rank
  // runnable.
  bool takePieces();
  void takePiece(int Slot, const MPI_Status &Status);
  void deliverFrame(const std::shared_ptr<ByteBuffer> &Frame, int Source);
  bool completeSends();
  bool completeRecvs();
  void sendDone(int Index);
  void recvDone(int Index);

  Arrivals &Arrived;
  TransportObserver &Observer;
  ProgressSignal &Progress;
  MPI_Comm Frames = MPI_COMM_NULL, Data = MPI_COMM_NULL, Control = MPI_COMM_NULL;
  int TagLimit = 32767;
  std::vector<Outgoing> Out;
  // The processes whose frame has records: a flush and busy() look at these alone, so an
  // idle poll costs the same with 2 processes or 100,000.
  std::vector<int> Dirty;
  std::vector<int> NextTransferTag;
  std::vector<MPI_Request> SendRequests;
  std::vector<SendInFlight> Sends;
  std::unordered_map<const Request *, PartsOut> InParts;
  std::vector<MPI_Request> RecvRequests;
  std::vector<RecvInFlight> Recvs;
  std::vector<int> DoneIndices;
  // Receives for frame pieces, posted ahead: a ring in the order posted, which is the order MPI
  // matches pieces to them. NextPiece is the oldest; a taken piece's receive is posted again
  // as the newest.
  std::vector<MPI_Request> PieceRequests;
  std::vector<ByteBuffer> PieceBuffers;
  std::size_t PieceBytes = framePieceBytes();
  int NextPiece = 0;
  std::vector<int> Taken; // slots whose piece was taken and whose receive is not posted again
  std::vector<MPI_Request> WaitList; // waitForAny's requests
  std::vector<Assembly> Partial;     // per source process
  int Assembling = 0;                // frames of Partial under way
  std::vector<ByteBuffer> Spare;     // memory of sent frames, for the next ones
  RouteOrder Order;                  // the records of roots that have broadcast along a tree
  TransportCounters Counters;
};

} // namespace bamboo::detail
