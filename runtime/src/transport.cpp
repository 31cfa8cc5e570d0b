// transport.cpp - frames and payloads over the runtime's own MPI communicators.
#include "transport.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <initializer_list>

#ifdef SMPI_H
#include <xbt/config.h>
#endif

namespace bamboo::detail {

std::size_t framePieceBytes() {
#ifdef SMPI_H
  static const std::size_t Bytes = static_cast<std::size_t>(
      std::clamp(sg_cfg_get_int("smpi/send-is-detached-thresh") - 1, 1024, 65536 - 64));
  return Bytes;
#else
  return 8192;
#endif
}

// The wire format: a frame is a header (record count, frame size), then records, each a
// RecordHeader and, for an eager one, its payload padded to 8 bytes. A broadcast's record has
// its slice of the route between the two (writeSlice).
enum class RecordKind : std::int32_t {
  Eager = 1,
  RequestToSend = 2,
  RequestToSendInParts = 3,
  Broadcast = 4,
};

// A broadcast record's way (route_order.h): along the tree (passed on), marked as the root's
// switch to the tree, or the marker that ends it.
enum RecordFlags : std::uint32_t { AlongTree = 1, ToTree = 2, EndsTree = 4 };

struct RecordHeader {
  RecordKind Kind = RecordKind::Eager;
  std::int32_t DestWorld = 0;   // Broadcast: unused (the slice says)
  std::int32_t SourceWorld = 0; // the sender's world rank
  std::int32_t Source = 0;      // its rank in the communicator
  std::int32_t Tag = 0;
  std::int32_t Context = 0;
  std::int32_t TransferTag = 0; // RequestToSend*: the tag of the payload's MPI messages
  std::uint32_t Flags = 0;      // Broadcast: RecordFlags
  std::uint64_t Bytes = 0;      // the payload's
};
static_assert(sizeof(RecordHeader) == 40);

namespace {

RecordHeader recordOf(RecordKind Kind, int DestWorld, int SourceWorld, const Envelope &Env,
                      std::size_t Bytes) {
  RecordHeader H;
  H.Kind = Kind;
  H.DestWorld = DestWorld;
  H.SourceWorld = SourceWorld;
  H.Source = Env.Source;
  H.Tag = Env.Tag;
  H.Context = Env.Context;
  H.Bytes = Bytes;
  return H;
}

constexpr int FrameTag = 1;
constexpr std::size_t FrameHeaderBytes = 8; // record count, frame size
constexpr std::size_t MaxSpareFrames = 16;
// Piece receives kept posted: a 3D stencil's step brings two pieces from each of six
// neighbours. More pieces than this wait in MPI's unexpected queue until a receive is free.
constexpr int PostedPieces = 16;
// A frame in one piece up to this size is copied out of its receive's buffer, which stays in
// its slot: malloc serves so small a block from its per-thread cache, where a new buffer of a
// piece's size, and its free when the frame is done, take the slow path on every message.
constexpr std::size_t CopiedFrameBytes = 1024;
constexpr std::size_t padded(std::size_t N) { return (N + 7) & ~std::size_t(7); }

// A slice of a broadcast's route on the wire: the number of processes and of ranks, then
// (process, rank count) for each process, then the ranks, padded to 8 bytes.
std::size_t sliceWordBytes(int Processes, int Ranks) {
  return sizeof(std::int32_t) * (2 + 2 * std::size_t(Processes) + std::size_t(Ranks));
}

std::size_t sliceBytes(const BroadcastRoute &Route, RouteSlice S) {
  return padded(sliceWordBytes(S.End - S.Begin, Route.FirstRank[S.End] - Route.FirstRank[S.Begin]));
}

static_assert(sizeof(int) == sizeof(std::int32_t), "ranks travel as 32-bit words");

void writeSlice(std::byte *To, const BroadcastRoute &Route, RouteSlice S) {
  auto Put = [&To](std::int32_t Word) {
    std::memcpy(To, &Word, sizeof Word);
    To += sizeof Word;
  };
  int FirstRank = Route.FirstRank[S.Begin], EndRank = Route.FirstRank[S.End];
  Put(S.End - S.Begin);
  Put(EndRank - FirstRank);
  for (int I = S.Begin; I < S.End; ++I) {
    Put(Route.Processes[I]);
    Put(Route.FirstRank[I + 1] - Route.FirstRank[I]);
  }
  std::size_t RankBytes = sizeof(std::int32_t) * std::size_t(EndRank - FirstRank);
  if (RankBytes)
    std::memcpy(To, Route.Ranks.data() + FirstRank, RankBytes);
  std::size_t Written = sliceWordBytes(S.End - S.Begin, EndRank - FirstRank);
  std::memset(To + RankBytes, 0, padded(Written) - Written);
}

// Reads a slice written by writeSlice as a route of its own; returns its size in bytes.
std::size_t readSlice(const std::byte *From, BroadcastRoute &Route) {
  auto Get = [&From] {
    std::int32_t Word;
    std::memcpy(&Word, From, sizeof Word);
    From += sizeof Word;
    return Word;
  };
  int Processes = Get(), Ranks = Get();
  Route.Processes.resize(std::size_t(Processes));
  Route.FirstRank.resize(std::size_t(Processes) + 1);
  Route.FirstRank[0] = 0;
  for (int I = 0; I < Processes; ++I) {
    Route.Processes[std::size_t(I)] = Get();
    Route.FirstRank[std::size_t(I) + 1] = Route.FirstRank[std::size_t(I)] + Get();
  }
  Route.Ranks.resize(std::size_t(Ranks));
  if (Ranks)
    std::memcpy(Route.Ranks.data(), From, sizeof(std::int32_t) * std::size_t(Ranks));
  return padded(sliceWordBytes(Processes, Ranks));
}

// Completes whatever finished among Requests; calls Done(index) for each, in descending index
// order so that the callee can swap-remove.
template <class Fn>
bool testSome(std::vector<MPI_Request> &Requests, std::vector<int> &Indices, Fn &&Done) {
  if (Requests.empty())
    return false;
  Indices.resize(Requests.size());
  int Count = 0;
  MPI_Testsome(static_cast<int>(Requests.size()), Requests.data(), &Count, Indices.data(),
               MPI_STATUSES_IGNORE);
  if (Count == MPI_UNDEFINED || Count == 0)
    return false;
  std::sort(Indices.begin(), Indices.begin() + Count, std::greater<int>());
  for (int I = 0; I < Count; ++I)
    Done(Indices[I]);
  return true;
}

template <class T> void swapRemove(std::vector<T> &V, std::size_t I) {
  if (I + 1 != V.size())
    V[I] = std::move(V.back());
  V.pop_back();
}

} // namespace

void Transport::init(int Processes) {
  MPI_Comm_dup(MPI_COMM_WORLD, &Frames);
  MPI_Comm_dup(MPI_COMM_WORLD, &Data);
  MPI_Comm_dup(MPI_COMM_WORLD, &Control);
  MPI_Comm_set_name(Frames, "bamboo frames");
  MPI_Comm_set_name(Data, "bamboo payloads");
  MPI_Comm_set_name(Control, "bamboo control");
  int *Ub = nullptr, Flag = 0;
  MPI_Comm_get_attr(Data, MPI_TAG_UB, &Ub, &Flag);
  if (Flag && Ub)
    TagLimit = *Ub;
  Out.resize(Processes);
  NextTransferTag.assign(Processes, 0);
  Partial.resize(Processes);
  PieceRequests.assign(PostedPieces, MPI_REQUEST_NULL);
  PieceBuffers.clear();
  for (int Slot = 0; Slot < PostedPieces; ++Slot) {
    PieceBuffers.emplace_back(PieceBytes);
    postPiece(Slot);
  }
}

void Transport::shutdown() {
  repostTakenPieces(); // every slot then holds a receive to cancel
  for (MPI_Request &R : PieceRequests) {
    MPI_Cancel(&R);
    MPI_Wait(&R, MPI_STATUS_IGNORE);
  }
  PieceRequests.clear();
  for (MPI_Comm *C : {&Frames, &Data, &Control})
    if (*C != MPI_COMM_NULL)
      MPI_Comm_free(C);
}

std::byte *Transport::addRecord(int DestProcess, const RecordHeader &H, std::size_t PayloadBytes) {
  Outgoing &O = Out[DestProcess];
  if (O.Records == 0) {
    Dirty.push_back(DestProcess);
    Progress.demand();
  }
  if (O.Buf.empty()) {
    if (O.Buf.capacity() == 0 && !Spare.empty()) {
      // Reuse a sent frame's memory, the largest: a frame that gathers many sends (a root's)
      // then grows into fresh memory rarely.
      auto Largest = std::max_element(Spare.begin(), Spare.end(),
                                      [](auto &A, auto &B) { return A.capacity() < B.capacity(); });
      O.Buf = std::move(*Largest);
      swapRemove(Spare, static_cast<std::size_t>(Largest - Spare.begin()));
    }
    O.Buf.resize(FrameHeaderBytes);
  }
  std::size_t At = O.Buf.size();
  O.Buf.resize(At + sizeof(RecordHeader) + padded(PayloadBytes));
  std::memcpy(O.Buf.data() + At, &H, sizeof H);
  // The caller writes the payload; the padding after it goes out as zeros.
  std::byte *Payload = O.Buf.data() + At + sizeof(RecordHeader);
  std::memset(Payload + PayloadBytes, 0, padded(PayloadBytes) - PayloadBytes);
  ++O.Records;
  ++Counters.RecordsSent;
  return Payload;
}

std::byte *Transport::eager(int DestProcess, int DestWorld, int SourceWorld, const Envelope &Env,
                            std::size_t Bytes) {
  return addRecord(DestProcess, recordOf(RecordKind::Eager, DestWorld, SourceWorld, Env, Bytes),
                   Bytes);
}

void Transport::broadcast(const BroadcastRoute &Route, int SourceWorld, const Envelope &Env,
                          std::span<const std::byte> Payload, BroadcastWay How) {
  RecordHeader H = recordOf(RecordKind::Broadcast, -1, SourceWorld, Env, Payload.size());
  int Processes = static_cast<int>(Route.Processes.size());
  if (How == BroadcastWay::ToTree) {
    H.Flags = ToTree;
    for (int I = 1; I < Processes; ++I)
      addBroadcastRecord(Route, RouteSlice{I, I + 1}, H, Payload);
    return;
  }
  H.Flags = How == BroadcastWay::EndTree ? AlongTree | EndsTree : AlongTree;
  for (RouteSlice Half : passedOn(RouteSlice{0, Processes}))
    addBroadcastRecord(Route, Half, H, Payload);
}

void Transport::addBroadcastRecord(const BroadcastRoute &Route, RouteSlice S, const RecordHeader &H,
                                   std::span<const std::byte> Payload) {
  std::size_t Slice = sliceBytes(Route, S);
  std::byte *At = addRecord(Route.Processes[S.Begin], H, Slice + Payload.size());
  writeSlice(At, Route, S);
  if (!Payload.empty())
    std::memcpy(At + Slice, Payload.data(), Payload.size());
  ++Counters.BroadcastRecordsSent;
}

int Transport::announce(int DestProcess, int DestWorld, int SourceWorld, const Envelope &Env,
                        RecordKind Kind, std::size_t Bytes) {
  RecordHeader H = recordOf(Kind, DestWorld, SourceWorld, Env, Bytes);
  int &Next = NextTransferTag[DestProcess];
  H.TransferTag = Next;
  Next = Next == TagLimit ? 0 : Next + 1;
  addRecord(DestProcess, H, 0); // the record announces H.Bytes; they come separately
  ++Counters.PayloadsSent;
  Counters.BytesSent += Bytes;
  return H.TransferTag;
}

void Transport::rendezvous(int DestProcess, int DestWorld, int SourceWorld, const Envelope &Env,
                           Request &S, const std::byte *Payload, std::size_t Bytes,
                           bool Synchronous) {
  int Tag = announce(DestProcess, DestWorld, SourceWorld, Env, RecordKind::RequestToSend, Bytes);
  MPI_Request Req;
  auto Send = Synchronous ? MPI_Issend : MPI_Isend;
  Send(Payload, static_cast<int>(Bytes), MPI_BYTE, DestProcess, Tag, Data, &Req);
  SendRequests.push_back(Req);
  Sends.push_back(SendInFlight{{}, &S});
  Observer.payloadSent(DestProcess, Bytes);
}

void Transport::rendezvousInParts(int DestProcess, int DestWorld, int SourceWorld,
                                  const Envelope &Env, Request &S, const std::byte *Payload,
                                  std::size_t Bytes) {
  PartsOut &P = InParts[&S];
  P.DestProcess = DestProcess;
  P.TransferTag =
      announce(DestProcess, DestWorld, SourceWorld, Env, RecordKind::RequestToSendInParts, Bytes);
  P.Data = Payload;
  P.Bytes = Bytes;
}

void Transport::partsReady(Request &S, std::size_t Ready) {
  PartsOut &P = InParts.at(&S);
  std::size_t Part = partBytes(P.Bytes);
  // Every part that is final leaves now: all of them in order, one MPI message each with the
  // message's transfer tag, which the receiver's receives match in the same order.
  while (P.Sent < P.Bytes) {
    std::size_t Length = std::min(Part, P.Bytes - P.Sent);
    if (Ready < P.Sent + Length)
      break;
    MPI_Request Req;
    MPI_Isend(P.Data + P.Sent, static_cast<int>(Length), MPI_BYTE, P.DestProcess, P.TransferTag,
              Data, &Req);
    SendRequests.push_back(Req);
    Sends.push_back(SendInFlight{{}, &S});
    Observer.payloadSent(P.DestProcess, Length);
    P.Sent += Length;
    ++P.InFlight;
    Progress.demand();
  }
}

void Transport::receivePayload(const Message &Announced, Request &R, const Layout &RL) {
  std::size_t Bytes = Announced.Bytes;
  auto In = std::make_shared<Landing>();
  In->R = &R;
  In->Bytes = Bytes;
  std::byte *Dest;
  if (RL.Contiguous && Bytes <= RL.Bytes) {
    Dest = static_cast<std::byte *>(dataStart(R.Buf, RL.Offset));
  } else {
    In->Temp.resize(Bytes);
    Dest = In->Temp.data();
  }
  // One receive per part, posted in order: MPI matches them to the parts in the order sent.
  std::size_t Part = Announced.InParts ? partBytes(Bytes) : Bytes;
  std::size_t Parts = Announced.InParts ? (Bytes + Part - 1) / Part : 1;
  In->Left = static_cast<int>(Parts);
  for (std::size_t K = 0; K < Parts; ++K) {
    std::size_t At = K * Part, Length = std::min(Part, Bytes - At);
    MPI_Request Req;
    MPI_Irecv(Dest + At, static_cast<int>(Length), MPI_BYTE, Announced.SourceProcess,
              Announced.TransferTag, Data, &Req);
    RecvRequests.push_back(Req);
    Recvs.push_back(In);
  }
  Progress.demand();
}

bool Transport::flush() {
  bool Any = false;
  for (int P : Dirty) {
    Outgoing &O = Out[P];
    std::uint32_t Header[2] = {O.Records, static_cast<std::uint32_t>(O.Buf.size())};
    std::memcpy(O.Buf.data(), Header, sizeof Header);
    auto Frame = std::make_shared<ByteBuffer>(std::move(O.Buf));
    for (std::size_t At = 0; At < Frame->size(); At += PieceBytes) {
      MPI_Request Req;
      MPI_Isend(Frame->data() + At, static_cast<int>(std::min(PieceBytes, Frame->size() - At)),
                MPI_BYTE, P, FrameTag, Frames, &Req);
      SendRequests.push_back(Req);
      Sends.push_back(SendInFlight{Frame, nullptr});
    }
    ++Counters.FramesSent;
    Counters.BytesSent += Frame->size();
    Observer.frameSent(P, Frame->size(), O.Records);
    O.Buf = ByteBuffer();
    O.Records = 0;
    Any = true;
  }
  Dirty.clear();
  return Any;
}

bool Transport::completeSends() {
  return testSome(SendRequests, DoneIndices, [&](int I) { sendDone(I); });
}

void Transport::sendDone(int I) {
  if (Request *S = Sends[I].Payload) {
    auto Parts = InParts.find(S);
    bool Done = true;
    if (Parts != InParts.end()) { // one part: the send completes with its last
      PartsOut &P = Parts->second;
      Done = --P.InFlight == 0 && P.Sent == P.Bytes;
      if (Done)
        InParts.erase(Parts);
    }
    if (Done) {
      ++Counters.PayloadsCompletedSent;
      Arrived.payloadSent(*S);
    }
  } else if (Sends[I].Frame.use_count() == 1 && Spare.size() < MaxSpareFrames) {
    // The frame's last piece is sent: its memory serves the next frame.
    Sends[I].Frame->clear();
    Spare.push_back(std::move(*Sends[I].Frame));
  }
  swapRemove(SendRequests, static_cast<std::size_t>(I));
  swapRemove(Sends, static_cast<std::size_t>(I));
}

bool Transport::completeRecvs() {
  return testSome(RecvRequests, DoneIndices, [&](int I) { recvDone(I); });
}

void Transport::recvDone(int I) {
  RecvInFlight In = std::move(Recvs[I]);
  swapRemove(RecvRequests, static_cast<std::size_t>(I));
  swapRemove(Recvs, static_cast<std::size_t>(I));
  if (--In->Left > 0)
    return; // more parts to come
  ++Counters.PayloadsCompletedReceived;
  Arrived.payloadLanded(*In->R, In->Temp, In->Bytes);
}

void Transport::postPiece(int Slot) {
  MPI_Irecv(PieceBuffers[Slot].data(), static_cast<int>(PieceBytes), MPI_BYTE, MPI_ANY_SOURCE,
            FrameTag, Frames, &PieceRequests[Slot]);
}

void Transport::repostTakenPieces() {
  for (int Slot : Taken)
    postPiece(Slot);
  Taken.clear();
}

bool Transport::takePieces() {
  repostTakenPieces();
  // Only the oldest receive can hold the next piece to take: MPI matches pieces to receives
  // in the order they were posted, and a sender's pieces must be taken in the order sent.
  // Take what has arrived until a rank can run: it answers first, and the MPI_Test that
  // would find nothing more is not on its message's latency (570 instructions of MPICH's in
  // a round trip's 5,000, docs/scale.md Plan 10). What it left is taken at the next look,
  // after the rank's run.
  const std::size_t RunnableBefore = Arrived.runnableRanks();
  for (int I = 0; I < 256; ++I) {
    if (PieceRequests[NextPiece] == MPI_REQUEST_NULL) // taken in this look, all the way round
      repostTakenPieces();
    int Done = 0;
    MPI_Status Status;
    MPI_Test(&PieceRequests[NextPiece], &Done, &Status);
    if (!Done)
      return I > 0;
    takePiece(NextPiece, Status);
    if (Arrived.runnableRanks() > RunnableBefore)
      return true;
  }
  return true;
}

void Transport::takePiece(int Slot, const MPI_Status &Status) {
  int Bytes = 0;
  MPI_Get_count(&Status, MPI_BYTE, &Bytes);
  int Source = Status.MPI_SOURCE;
  const std::byte *Piece = PieceBuffers[Slot].data();
  Assembly &A = Partial[Source];
  if (!A.Frame) { // a frame's first piece: its header says how large the frame is
    std::uint32_t Header[2];
    std::memcpy(Header, Piece, sizeof Header);
    if (Header[1] == static_cast<std::uint32_t>(Bytes)) {
      // A frame in one piece: a small one is copied; a larger one is delivered from the
      // receive's buffer, which the slot gives up for a new one.
      std::shared_ptr<ByteBuffer> Frame;
      if (static_cast<std::size_t>(Bytes) <= CopiedFrameBytes) {
        Frame = std::make_shared<ByteBuffer>(static_cast<std::size_t>(Bytes));
        std::memcpy(Frame->data(), Piece, static_cast<std::size_t>(Bytes));
      } else {
        Frame = std::make_shared<ByteBuffer>(std::move(PieceBuffers[Slot]));
        Frame->resize(static_cast<std::size_t>(Bytes));
        PieceBuffers[Slot] = ByteBuffer(PieceBytes);
      }
      Taken.push_back(Slot);
      NextPiece = (Slot + 1) % static_cast<int>(PieceRequests.size());
      deliverFrame(Frame, Source);
      return;
    }
    A.Frame = std::make_shared<ByteBuffer>(Header[1]);
    ++Assembling; // more pieces to come
    Progress.demand();
  }
  std::memcpy(A.Frame->data() + A.Filled, Piece, static_cast<std::size_t>(Bytes));
  A.Filled += static_cast<std::size_t>(Bytes);
  Taken.push_back(Slot);
  NextPiece = (Slot + 1) % static_cast<int>(PieceRequests.size());
  if (A.Filled == A.Frame->size()) {
    --Assembling;
    std::shared_ptr<ByteBuffer> Frame = std::move(A.Frame);
    A = Assembly();
    deliverFrame(Frame, Source);
  }
}

void Transport::deliverFrame(const std::shared_ptr<ByteBuffer> &Owner, int Source) {
  const ByteBuffer &Frame = *Owner;
  ++Counters.FramesReceived;
  std::uint32_t Header[2];
  std::memcpy(Header, Frame.data(), sizeof Header);
  Observer.frameReceived(Source, Frame.size(), Header[0]);
  std::size_t At = FrameHeaderBytes;
  auto Deliver = [&](int DestWorld, std::unique_ptr<Message> M) {
    Arrived.deliver(DestWorld, std::move(M));
  };
  for (std::uint32_t I = 0; I < Header[0]; ++I) {
    RecordHeader H;
    std::memcpy(&H, Frame.data() + At, sizeof H);
    At += sizeof H;
    ++Counters.RecordsReceived;
    if (H.Kind == RecordKind::Broadcast) {
      At += takeBroadcast(H, Owner, At, Deliver);
      continue;
    }
    auto M = std::make_unique<Message>();
    M->Env = Envelope{H.Source, H.Tag, H.Context};
    M->Bytes = H.Bytes;
    if (H.Kind == RecordKind::Eager) {
      M->K = Message::Kind::Eager;
      M->Frame = Owner;
      M->FrameOffset = At;
      At += padded(H.Bytes);
    } else {
      M->K = Message::Kind::RemoteRendezvous;
      M->SourceProcess = Source;
      M->TransferTag = H.TransferTag;
      M->InParts = H.Kind == RecordKind::RequestToSendInParts;
    }
    if (!Order.tracks(H.SourceWorld, H.Context)) {
      Deliver(H.DestWorld, std::move(M));
      continue;
    }
    RouteArrival A;
    A.Messages.emplace_back(H.DestWorld, std::move(M));
    Order.arrive(H.SourceWorld, H.Context, std::move(A), Deliver);
  }
}

template <class Deliver>
std::size_t Transport::takeBroadcast(const RecordHeader &H,
                                     const std::shared_ptr<ByteBuffer> &Owner, std::size_t At,
                                     Deliver &&D) {
  BroadcastRoute Slice;
  std::size_t SliceSize = readSlice(Owner->data() + At, Slice);
  std::size_t PayloadAt = At + SliceSize;
  // Passed on at once, whatever this process's ranks are doing, so that the tree's depth is
  // the only delay.
  if (H.Flags & AlongTree) {
    std::span<const std::byte> Payload(Owner->data() + PayloadAt, H.Bytes);
    for (RouteSlice Half : passedOn(RouteSlice{0, static_cast<int>(Slice.Processes.size())}))
      addBroadcastRecord(Slice, Half, H, Payload);
  }
  RouteArrival A;
  A.By = (H.Flags & AlongTree) ? Way::Tree : Way::Direct;
  if (H.Flags & ToTree)
    A.Then = Way::Tree;
  else if (H.Flags & EndsTree)
    A.Then = Way::Direct;
  else // the broadcast's payload: a message from the root to each of this process's ranks
    for (int Rank : Slice.ranksOf(0)) {
      auto M = std::make_unique<Message>();
      M->Env = Envelope{H.Source, H.Tag, H.Context};
      M->Bytes = H.Bytes;
      M->K = Message::Kind::Eager;
      M->Frame = Owner;
      M->FrameOffset = PayloadAt;
      A.Messages.emplace_back(Rank, std::move(M));
    }
  Order.arrive(H.SourceWorld, H.Context, std::move(A), D);
  return SliceSize + padded(H.Bytes);
}

bool Transport::progress() {
  bool Any = flush();
  Any |= completeSends();
  Any |= completeRecvs();
  Any |= takePieces();
  return Any;
}

void Transport::waitForAny(std::span<MPI_Request> Also) {
  // The oldest piece receive stands for all of them (takePieces); then sends, receives, Also.
  repostTakenPieces();
  WaitList.clear();
  WaitList.push_back(PieceRequests[NextPiece]);
  WaitList.insert(WaitList.end(), SendRequests.begin(), SendRequests.end());
  WaitList.insert(WaitList.end(), RecvRequests.begin(), RecvRequests.end());
  WaitList.insert(WaitList.end(), Also.begin(), Also.end());
  int Index = MPI_UNDEFINED;
  MPI_Status Status;
  MPI_Waitany(static_cast<int>(WaitList.size()), WaitList.data(), &Index, &Status);
  int Sends = static_cast<int>(SendRequests.size());
  int Recvs = static_cast<int>(RecvRequests.size());
  if (Index == 0) {
    takePiece(NextPiece, Status);
  } else if (Index >= 1 && Index <= Sends) {
    SendRequests[Index - 1] = MPI_REQUEST_NULL;
    sendDone(Index - 1);
  } else if (Index > Sends && Index <= Sends + Recvs) {
    RecvRequests[Index - 1 - Sends] = MPI_REQUEST_NULL;
    recvDone(Index - 1 - Sends);
  } else if (Index > Sends + Recvs) {
    Also[static_cast<std::size_t>(Index - 1 - Sends - Recvs)] = MPI_REQUEST_NULL;
  }
}

void Transport::rankGoesOn() {
  // A piece that MPI sends eagerly is complete at once (MPICH over shared memory); one it does
  // not (a larger piece under Open MPI) or a payload needs MPI calls while the rank computes.
  completeSends();
  if (busy() || !SendRequests.empty())
    Progress.wake();
}

bool Transport::busy() const {
  return !Recvs.empty() || Assembling > 0 || !Dirty.empty() || Order.holding();
}

} // namespace bamboo::detail
