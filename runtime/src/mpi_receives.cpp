// mpi_receives.cpp - MPI's receives, MPI_Sendrecv and MPI_Isendrecv. Inside an olap region a
// blocking receive joins the region's firing rule and returns at once (region.cpp).
#include "bamboo/mpi.h"

#include "p2p_support.h"

namespace bamboo::mpi {

using namespace detail;

// Receives.

static int recvCall(Call C, void *Buf, int Count, MPI_Datatype Type, int Source, int Tag,
                    MPI_Comm Comm, MPI_Status *Status) {
  if (C.Region) {
    Lock L(C.Parts.Lock);
    return regionRecv(C, Buf, Count, Type, Source, Tag, Comm, Status);
  }
  Request R;
  WaitGroup G;
  const Communicator *Cm;
  {
    Lock L(C.Parts.Lock);
    if (int Error = checkRecv(C, Comm, Source, Tag, Count, Type))
      return Error;
    Cm = &beginRecv(C, R, Buf, Count, Type, Source, Tag, Comm);
    G.watch(R);
  }
  block(C, G);
  copyStatus(Status, R.Status);
  return checkError(C, *Cm, R.Error);
}

int Recv(void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
         MPI_Status *Status, Where W) {
  return recvCall(enterBlocking("MPI_Recv", W), Buf, Count, Type, Source, Tag, Comm, Status);
}

int Irecv(void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
          MPI_Request *Handle, Where W) {
  Call C = enter("MPI_Irecv", W);
  Lock L(C.Parts.Lock);
  if (int Error = checkRecv(C, Comm, Source, Tag, Count, Type)) {
    *Handle = MPI_REQUEST_NULL;
    return Error;
  }
  auto *R = new Request; // held by the handle
  beginRecv(C, *R, Buf, Count, Type, Source, Tag, Comm);
  *Handle = C.Parts.Requests.add(R);
  C.holdInRegion(R);
  return MPI_SUCCESS;
}

static int sendrecvCall(Call C, const void *SendBuf, int SendCount, MPI_Datatype SendType, int Dest,
                        int SendTag, void *RecvBuf, int RecvCount, MPI_Datatype RecvType,
                        int Source, int RecvTag, MPI_Comm Comm, MPI_Status *Status) {
  if (C.Region) {
    Lock L(C.Parts.Lock);
    if (int Error = checkSend(C, Comm, Dest, SendTag, SendCount, SendType))
      return Error;
    if (int Error = regionRecv(C, RecvBuf, RecvCount, RecvType, Source, RecvTag, Comm, Status))
      return Error;
    Request S; // buffered inside a region: completes at once
    beginSend(C, S, SendBuf, SendCount, SendType, Dest, SendTag, Comm, SendMode::Buffered);
    return MPI_SUCCESS;
  }
  // The receive is posted first, so two ranks exchanging large messages cannot deadlock.
  Request R, S;
  WaitGroup G;
  const Communicator *Cm;
  {
    Lock L(C.Parts.Lock);
    if (int Error = checkSend(C, Comm, Dest, SendTag, SendCount, SendType))
      return Error;
    if (int Error = checkRecv(C, Comm, Source, RecvTag, RecvCount, RecvType))
      return Error;
    Cm = &beginRecv(C, R, RecvBuf, RecvCount, RecvType, Source, RecvTag, Comm);
    beginSend(C, S, SendBuf, SendCount, SendType, Dest, SendTag, Comm, SendMode::Standard);
    G.watch(R);
    G.watch(S);
  }
  block(C, G);
  copyStatus(Status, R.Status);
  return checkError(C, *Cm, R.Error);
}

int Sendrecv(const void *SendBuf, int SendCount, MPI_Datatype SendType, int Dest, int SendTag,
             void *RecvBuf, int RecvCount, MPI_Datatype RecvType, int Source, int RecvTag,
             MPI_Comm Comm, MPI_Status *Status, Where W) {
  return sendrecvCall(enterBlocking("MPI_Sendrecv", W), SendBuf, SendCount, SendType, Dest, SendTag,
                      RecvBuf, RecvCount, RecvType, Source, RecvTag, Comm, Status);
}

// The outgoing data is packed at the call, so the receive may overwrite the buffer.
static int sendrecvReplaceCall(Call C, std::vector<std::byte> Outgoing, void *Buf, int Count,
                               MPI_Datatype Type, int Dest, int SendTag, int Source, int RecvTag,
                               MPI_Comm Comm, MPI_Status *Status) {
  return sendrecvCall(C, Outgoing.data(), static_cast<int>(Outgoing.size()), MPI_BYTE, Dest,
                      SendTag, Buf, Count, Type, Source, RecvTag, Comm, Status);
}

int Sendrecv_replace(void *Buf, int Count, MPI_Datatype Type, int Dest, int SendTag, int Source,
                     int RecvTag, MPI_Comm Comm, MPI_Status *Status, Where W) {
  Call C = enterBlocking("MPI_Sendrecv_replace", W);
  Layout L = layoutOf(Count, Type);
  std::vector<std::byte> Outgoing(L.Bytes);
  pack(Buf, Count, Type, L, Outgoing.data());
  return sendrecvReplaceCall(C, std::move(Outgoing), Buf, Count, Type, Dest, SendTag, Source,
                             RecvTag, Comm, Status);
}

// MPI_Isendrecv: both halves run in a child of the rank (ChildTask), which completes the
// request with the receive's status once both have completed. The child starts them at the
// call, so inside an olap region the send takes its data at once.

namespace {

void sendrecvHalves(Call C, Request *Outer, const void *SendBuf, int SendCount,
                    MPI_Datatype SendType, int Dest, int SendTag, void *RecvBuf, int RecvCount,
                    MPI_Datatype RecvType, int Source, int RecvTag, MPI_Comm Comm,
                    std::vector<std::byte> Outgoing) {
  if (SendBuf == nullptr && !Outgoing.empty()) { // Isendrecv_replace: from the packed copy
    SendBuf = Outgoing.data();
    SendCount = static_cast<int>(Outgoing.size());
    SendType = MPI_BYTE;
  }
  Request R, S;
  WaitGroup G;
  {
    Lock L(C.Parts.Lock);
    beginRecv(C, R, RecvBuf, RecvCount, RecvType, Source, RecvTag, Comm);
    beginSend(C, S, SendBuf, SendCount, SendType, Dest, SendTag, Comm, SendMode::Standard);
    G.watch(R);
    G.watch(S);
  }
  block(C, G);
  Outer->Status = R.Status;
  Outer->Error = R.Error;
}

int startSendrecv(Call C, const void *SendBuf, int SendCount, MPI_Datatype SendType, int Dest,
                  int SendTag, void *RecvBuf, int RecvCount, MPI_Datatype RecvType, int Source,
                  int RecvTag, MPI_Comm Comm, MPI_Request *Handle,
                  std::vector<std::byte> Outgoing) {
  {
    Lock L(C.Parts.Lock);
    int Error = checkSend(C, Comm, Dest, SendTag, SendCount, SendType);
    if (!Error)
      Error = checkRecv(C, Comm, Source, RecvTag, RecvCount, RecvType);
    if (Error) {
      *Handle = MPI_REQUEST_NULL;
      return Error;
    }
  }
  auto *R = new Request; // held by the handle, and by the child while it runs
  R->Kind = RequestKind::SendRecv;
  R->Owner = &C.Rank;
  R->Site = C.Site;
  {
    Lock L(C.Parts.Lock);
    R->Comm = &C.Parts.Comms.lookup(Comm, C.Site);
    *Handle = C.Parts.Requests.add(R);
    C.holdInRegion(R);
  }
  startChild(C, *R, [=, Outgoing = std::move(Outgoing)]() mutable {
    sendrecvHalves(C, R, SendBuf, SendCount, SendType, Dest, SendTag, RecvBuf, RecvCount, RecvType,
                   Source, RecvTag, Comm, std::move(Outgoing));
  });
  return MPI_SUCCESS;
}

} // namespace

int Isendrecv(const void *SendBuf, int SendCount, MPI_Datatype SendType, int Dest, int SendTag,
              void *RecvBuf, int RecvCount, MPI_Datatype RecvType, int Source, int RecvTag,
              MPI_Comm Comm, MPI_Request *Request, Where W) {
  return startSendrecv(enter("MPI_Isendrecv", W), SendBuf, SendCount, SendType, Dest, SendTag,
                       RecvBuf, RecvCount, RecvType, Source, RecvTag, Comm, Request, {});
}

int Isendrecv_replace(void *Buf, int Count, MPI_Datatype Type, int Dest, int SendTag, int Source,
                      int RecvTag, MPI_Comm Comm, MPI_Request *Request, Where W) {
  Call C = enter("MPI_Isendrecv_replace", W);
  checkCount(C, Count, Type);
  // The outgoing data is packed at the call, so the receive may overwrite the buffer.
  Layout L = layoutOf(Count, Type);
  std::vector<std::byte> Outgoing(L.Bytes);
  pack(Buf, Count, Type, L, Outgoing.data());
  if (Outgoing.empty()) // nothing to send: an empty message from the buffer itself
    return startSendrecv(C, Buf, 0, MPI_BYTE, Dest, SendTag, Buf, Count, Type, Source, RecvTag,
                         Comm, Request, {});
  return startSendrecv(C, nullptr, 0, MPI_BYTE, Dest, SendTag, Buf, Count, Type, Source, RecvTag,
                       Comm, Request, std::move(Outgoing));
}

} // namespace bamboo::mpi
