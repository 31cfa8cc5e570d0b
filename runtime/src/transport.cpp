// transport.cpp - frames and payloads over the runtime's own MPI communicators.
#include "transport.h"

#include "simulated_mpi.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <initializer_list>

namespace bamboo::detail {

// The wire format: a frame is a header (record count, frame size), then records, each a
// RecordHeader and, for an eager one, its payload padded to 8 bytes.
enum class RecordKind : std::int32_t { Eager = 1, RequestToSend = 2, RequestToSendInParts = 3 };

struct RecordHeader {
  RecordKind Kind = RecordKind::Eager;
  std::int32_t DestWorld = 0;
  std::int32_t Source = 0; // sender's rank in the communicator
  std::int32_t Tag = 0;
  std::int32_t Context = 0;
  std::int32_t TransferTag = 0; // RequestToSend*: the tag of the payload's MPI messages
  std::uint64_t Bytes = 0;
};
static_assert(sizeof(RecordHeader) == 32);

namespace {

RecordHeader recordOf(RecordKind Kind, int DestWorld, const Envelope &Env, std::size_t Bytes) {
  RecordHeader H;
  H.Kind = Kind;
  H.DestWorld = DestWorld;
  H.Source = Env.Source;
  H.Tag = Env.Tag;
  H.Context = Env.Context;
  H.Bytes = Bytes;
  return H;
}

constexpr int FrameTag = 1;
constexpr std::size_t FrameHeaderBytes = 8; // record count, frame size
constexpr std::size_t MaxSpareFrames = 16;
// The largest MPI message of a frame: within what MPICH over UCX sends eagerly, in one
// fragment, over shared memory and TCP alike.
constexpr std::size_t FrameChunkBytes = 8192;
constexpr std::size_t padded(std::size_t N) { return (N + 7) & ~std::size_t(7); }

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
}

void Transport::shutdown() {
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
    if (O.Buf.capacity() == 0 && !Spare.empty()) { // reuse a sent frame's memory
      O.Buf = std::move(Spare.back());
      Spare.pop_back();
    }
    O.Buf.resize(FrameHeaderBytes);
  }
  std::size_t At = O.Buf.size();
  O.Buf.resize(At + sizeof(RecordHeader) + padded(PayloadBytes));
  std::memcpy(O.Buf.data() + At, &H, sizeof H);
  ++O.Records;
  ++Counters.RecordsSent;
  return O.Buf.data() + At + sizeof(RecordHeader);
}

std::byte *Transport::eager(int DestProcess, int DestWorld, const Envelope &Env,
                            std::size_t Bytes) {
  return addRecord(DestProcess, recordOf(RecordKind::Eager, DestWorld, Env, Bytes), Bytes);
}

int Transport::announce(int DestProcess, int DestWorld, const Envelope &Env, RecordKind Kind,
                        std::size_t Bytes) {
  RecordHeader H = recordOf(Kind, DestWorld, Env, Bytes);
  int &Next = NextTransferTag[DestProcess];
  H.TransferTag = Next;
  Next = Next == TagLimit ? 0 : Next + 1;
  addRecord(DestProcess, H, 0); // the record announces H.Bytes; they come separately
  ++Counters.PayloadsSent;
  Counters.BytesSent += Bytes;
  return H.TransferTag;
}

void Transport::rendezvous(int DestProcess, int DestWorld, const Envelope &Env, Request &S,
                           const std::byte *Payload, std::size_t Bytes, bool Synchronous) {
  int Tag = announce(DestProcess, DestWorld, Env, RecordKind::RequestToSend, Bytes);
  MPI_Request Req;
  auto Send = Synchronous ? MPI_Issend : MPI_Isend;
  Send(Payload, static_cast<int>(Bytes), MPI_BYTE, DestProcess, Tag, Data, &Req);
  SendRequests.push_back(Req);
  Sends.push_back(SendInFlight{{}, &S});
  Observer.payloadSent(DestProcess, Bytes);
}

void Transport::rendezvousInParts(int DestProcess, int DestWorld, const Envelope &Env, Request &S,
                                  const std::byte *Payload, std::size_t Bytes) {
  PartsOut &P = InParts[&S];
  P.DestProcess = DestProcess;
  P.TransferTag = announce(DestProcess, DestWorld, Env, RecordKind::RequestToSendInParts, Bytes);
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
    auto Frame = std::make_shared<FrameBuffer>(std::move(O.Buf));
    for (std::size_t At = 0; At < Frame->size(); At += FrameChunkBytes) {
      MPI_Request Req;
      MPI_Isend(Frame->data() + At, static_cast<int>(std::min(FrameChunkBytes, Frame->size() - At)),
                MPI_BYTE, P, FrameTag, Frames, &Req);
      SendRequests.push_back(Req);
      Sends.push_back(SendInFlight{Frame, nullptr});
    }
    ++Counters.FramesSent;
    Counters.BytesSent += Frame->size();
    Observer.frameSent(P, Frame->size(), O.Records);
    O.Buf = FrameBuffer();
    O.Records = 0;
    Any = true;
  }
  Dirty.clear();
  return Any;
}

bool Transport::completeSends() {
  return testSome(SendRequests, DoneIndices, [&](int I) {
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
    swapRemove(SendRequests, I);
    swapRemove(Sends, I);
  });
}

bool Transport::completeRecvs() {
  return testSome(RecvRequests, DoneIndices, [&](int I) {
    RecvInFlight In = std::move(Recvs[I]);
    swapRemove(RecvRequests, I);
    swapRemove(Recvs, I);
    if (--In->Left > 0)
      return; // more parts to come
    ++Counters.PayloadsCompletedReceived;
    Arrived.payloadLanded(*In->R, In->Temp, In->Bytes);
  });
}

// One piece of a frame that a probe found. With matched probes (MPI 3) the piece is taken out of
// MPI's matching at the probe. Without them (SimGrid's SMPI) it is received by source and tag,
// which takes the same message: frames of one source are non-overtaking, and pieces are taken
// by one caller at a time, under the runtime's lock.
struct Transport::ProbedPiece {
  MPI_Message Msg = MPI_MESSAGE_NULL;
  MPI_Status Status;

  bool probe(MPI_Comm Frames) {
    int Flag = 0;
    if constexpr (MPIHasMatchedProbes)
      MPI_Improbe(MPI_ANY_SOURCE, FrameTag, Frames, &Flag, &Msg, &Status);
    else
      MPI_Iprobe(MPI_ANY_SOURCE, FrameTag, Frames, &Flag, &Status);
    return Flag != 0;
  }

  void receive(void *Into, int Bytes, MPI_Comm Frames) {
    if constexpr (MPIHasMatchedProbes)
      MPI_Mrecv(Into, Bytes, MPI_BYTE, &Msg, MPI_STATUS_IGNORE);
    else
      MPI_Recv(Into, Bytes, MPI_BYTE, Status.MPI_SOURCE, FrameTag, Frames, MPI_STATUS_IGNORE);
  }
};

void Transport::takePiece(ProbedPiece &Piece) {
  // A piece is at most FrameChunkBytes, sent eagerly: it is here once probed.
  int Bytes = 0;
  MPI_Get_count(&Piece.Status, MPI_BYTE, &Bytes);
  int Source = Piece.Status.MPI_SOURCE;
  Assembly &A = Partial[Source];
  if (A.Frame) { // the next piece of a frame under way
    Piece.receive(A.Frame->data() + A.Filled, Bytes, Frames);
    A.Filled += static_cast<std::size_t>(Bytes);
  } else { // a frame's first piece: its header says how large the frame is
    std::vector<std::byte> First(static_cast<std::size_t>(Bytes));
    Piece.receive(First.data(), Bytes, Frames);
    std::uint32_t Header[2];
    std::memcpy(Header, First.data(), sizeof Header);
    if (Header[1] == First.size()) {
      deliverFrame(std::make_shared<FrameBuffer>(std::move(First)), Source);
      return;
    }
    A.Frame = std::make_shared<FrameBuffer>(Header[1]);
    ++Assembling;
    Progress.demand();
    std::memcpy(A.Frame->data(), First.data(), First.size());
    A.Filled = First.size();
  }
  if (A.Filled == A.Frame->size()) {
    std::shared_ptr<FrameBuffer> Frame = std::move(A.Frame);
    A = Assembly();
    --Assembling;
    deliverFrame(Frame, Source);
  }
}

void Transport::deliverFrame(const std::shared_ptr<FrameBuffer> &Owner, int Source) {
  const FrameBuffer &Frame = *Owner;
  ++Counters.FramesReceived;
  std::uint32_t Header[2];
  std::memcpy(Header, Frame.data(), sizeof Header);
  Observer.frameReceived(Source, Frame.size(), Header[0]);
  std::size_t At = FrameHeaderBytes;
  for (std::uint32_t I = 0; I < Header[0]; ++I) {
    RecordHeader H;
    std::memcpy(&H, Frame.data() + At, sizeof H);
    At += sizeof H;
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
    ++Counters.RecordsReceived;
    Arrived.deliver(H.DestWorld, std::move(M));
  }
}

bool Transport::progress() {
  bool Any = flush();
  Any |= completeSends();
  Any |= completeRecvs();
  // Take what has arrived, but not forever: tasks that became ready should run.
  for (int I = 0; I < 256; ++I) {
    ProbedPiece Piece;
    if (!Piece.probe(Frames))
      break;
    takePiece(Piece);
    Any = true;
  }
  return Any;
}

bool Transport::busy() const { return !Recvs.empty() || Assembling > 0 || !Dirty.empty(); }

} // namespace bamboo::detail
