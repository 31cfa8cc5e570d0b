// mpi_p2p.cpp - point-to-point calls of bamboo::mpi: sends, receives, probes, requests,
// persistent requests, MPI_Isendrecv, MPI_Cancel.
//
// A call that may wait follows completion.h: under the engine lock, start the operation and
// watch its request with a WaitGroup; then co_await Block, which suspends only if the group
// is still unsatisfied. Tests use lookTwice, blocking probes waitForProbe (api_support.h).
// Inside an olap region receives and waits are registered with the region instead
// (region.cpp finishes them).
#include "bamboo/mpi.h"

#include "api_support.h"
#include "region_state.h"

#include <algorithm>

namespace bamboo::mpi {

using namespace detail;

namespace {

using Lock = std::lock_guard<std::mutex>;

// Fills S and starts it; its arguments were checked (checkArguments). Under the lock.
const Communicator &beginSend(Call &C, Request &S, const void *Buf, int Count, MPI_Datatype Type,
                              int Dest, int Tag, MPI_Comm Comm, SendMode Mode) {
  const Communicator &Cm = C.RT.Comms.lookup(Comm, C.Site);
  prepareSend(C, S, Buf, Count, Type, Cm.worldRankOf(Dest, C.Rank), Tag, Cm.Context, Cm);
  // Inside an olap region every send takes its data at the call (SPEC §3).
  if (C.Region && Mode == SendMode::Standard)
    Mode = SendMode::Buffered;
  C.RT.Eng.startSend(S, Envelope{Cm.rankOf(C.Rank.WorldRank), Tag, Cm.Context}, Mode);
  return Cm;
}

// Fills R and starts it; its arguments were checked (checkArguments). Under the lock.
const Communicator &beginRecv(Call &C, Request &R, void *Buf, int Count, MPI_Datatype Type,
                              int Source, int Tag, MPI_Comm Comm) {
  const Communicator &Cm = C.RT.Comms.lookup(Comm, C.Site);
  prepareRecv(C, R, Buf, Count, Type, Source, Tag, Cm.Context, Cm);
  C.RT.Eng.startRecv(R);
  return Cm;
}

// checkArguments of a send or a receive on Comm. Under the lock.
int checkSend(Call &C, MPI_Comm Comm, int Dest, int Tag, int Count, MPI_Datatype Type) {
  return checkArguments(C, C.RT.Comms.lookup(Comm, C.Site), Direction::Send, Dest, Tag, Count,
                        Type);
}
int checkRecv(Call &C, MPI_Comm Comm, int Source, int Tag, int Count, MPI_Datatype Type) {
  return checkArguments(C, C.RT.Comms.lookup(Comm, C.Site), Direction::Receive, Source, Tag, Count,
                        Type);
}

// Detaches G from every request still pointing at it (Waitany/Waitsome). Under the lock.
void detach(WaitGroup &G, int Count, MPI_Request Handles[], Call &C) {
  for (int I = 0; I < Count; ++I)
    if (Request *R = C.RT.Requests.lookup(Handles[I], C.Site); R && R->Group == &G)
      R->Group = nullptr;
}

MPI_Status *statusAt(MPI_Status Statuses[], int I) {
  return Statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &Statuses[I];
}

// Completes a request the user holds: status, handle reset to MPI_REQUEST_NULL (or inactive,
// if persistent), release. Returns its error code after the communicator's error handler.
// Under the lock.
int finish(Call &C, MPI_Request *Handle, Request &R, MPI_Status *Status) {
  if (R.Kind == RequestKind::Recv || R.Kind == RequestKind::SendRecv)
    copyStatus(Status, R.Status);
  else
    setEmptyStatus(Status);
  const Communicator &Cm = *R.Comm;
  int Error = R.Error;
  C.RT.Requests.retire(Handle);
  release(&R);
  return checkError(C, Cm, Error);
}

// A buffered send needs room in the rank's attached buffer (mpi_send_buffer.cpp); MPI_SUCCESS,
// or the error under MPI_ERRORS_RETURN. Under the lock.
int checkBuffered(Call &C, SendMode Mode, int Count, MPI_Datatype Type, int Dest, MPI_Comm Comm) {
  if (Mode != SendMode::Buffered || Dest == MPI_PROC_NULL)
    return MPI_SUCCESS;
  return checkBufferSpace(C, C.RT.Comms.lookup(Comm, C.Site), Count, Type);
}

Task<int> blockingSend(Call C, const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag,
                       MPI_Comm Comm, SendMode Mode) {
  Request S;
  WaitGroup G;
  {
    Lock L(C.RT.Lock);
    if (int Error = checkSend(C, Comm, Dest, Tag, Count, Type))
      co_return Error;
    if (int Error = checkBuffered(C, Mode, Count, Type, Dest, Comm))
      co_return Error;
    beginSend(C, S, Buf, Count, Type, Dest, Tag, Comm, Mode);
    G.watch(S);
  }
  co_await Block(C, G);
  co_return MPI_SUCCESS;
}

int nonblockingSend(Call C, const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag,
                    MPI_Comm Comm, MPI_Request *Handle, SendMode Mode) {
  Lock L(C.RT.Lock);
  if (int Error = checkSend(C, Comm, Dest, Tag, Count, Type)) {
    *Handle = MPI_REQUEST_NULL;
    return Error;
  }
  if (int Error = checkBuffered(C, Mode, Count, Type, Dest, Comm))
    return Error;
  auto *S = new Request; // held by the handle
  beginSend(C, *S, Buf, Count, Type, Dest, Tag, Comm, Mode);
  *Handle = C.RT.Requests.add(S);
  return MPI_SUCCESS;
}

// Registers a receive of the open region (MPI_Recv inside olap). Under the lock.
int regionRecv(Call &C, void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
               MPI_Status *Status) {
  if (int Error = checkRecv(C, Comm, Source, Tag, Count, Type))
    return Error;
  auto *R = new Request; // its one holder is the region (it may complete at once)
  beginRecv(C, *R, Buf, Count, Type, Source, Tag, Comm);
  C.Region->receive(R, Status);
  return MPI_SUCCESS;
}

// Lookups that skip MPI_REQUEST_NULL; under the lock.
std::vector<Request *> lookupAll(Call &C, int Count, MPI_Request Handles[]) {
  std::vector<Request *> Found(Count);
  for (int I = 0; I < Count; ++I)
    Found[I] = C.RT.Requests.lookup(Handles[I], C.Site);
  return Found;
}

// Attaches a wake-on-any group to the active requests among Handles; false if there are
// none. Under the lock.
bool awaitAny(Call &C, WaitGroup &G, int Count, MPI_Request Handles[]) {
  G.WakeOnAny = true;
  bool AnyActive = false;
  for (Request *R : lookupAll(C, Count, Handles)) {
    if (!R)
      continue;
    AnyActive = true;
    if (R->Complete)
      ++G.Completed;
    else
      G.watch(*R);
  }
  return AnyActive;
}

// Inside a region a wait is deferred to the region's end; the region holds its requests.
bool deferToRegion(Call &C, int Count, MPI_Request Handles[], std::function<Task<int>()> Finish) {
  RegionState *Region = C.Region;
  if (!Region)
    return false;
  Lock L(C.RT.Lock);
  for (Request *R : lookupAll(C, Count, Handles))
    if (R)
      Region->hold(R);
  Region->Deferred.push_back(std::move(Finish));
  return true;
}

} // namespace

// Sends.

Task<int> Send(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
               Where W) {
  return blockingSend(enter("MPI_Send", W), Buf, Count, Type, Dest, Tag, Comm, SendMode::Standard);
}

Task<int> Ssend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
                Where W) {
  return blockingSend(enter("MPI_Ssend", W), Buf, Count, Type, Dest, Tag, Comm,
                      SendMode::Synchronous);
}

Task<int> Bsend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
                Where W) {
  return blockingSend(enter("MPI_Bsend", W), Buf, Count, Type, Dest, Tag, Comm, SendMode::Buffered);
}

Task<int> Rsend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
                Where W) {
  // A ready send may be implemented as a standard one (MPI 3.1, 3.4).
  return blockingSend(enter("MPI_Rsend", W), Buf, Count, Type, Dest, Tag, Comm, SendMode::Standard);
}

int Isend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
          MPI_Request *Request, Where W) {
  return nonblockingSend(enter("MPI_Isend", W), Buf, Count, Type, Dest, Tag, Comm, Request,
                         SendMode::Standard);
}
int Issend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
           MPI_Request *Request, Where W) {
  return nonblockingSend(enter("MPI_Issend", W), Buf, Count, Type, Dest, Tag, Comm, Request,
                         SendMode::Synchronous);
}
int Ibsend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
           MPI_Request *Request, Where W) {
  return nonblockingSend(enter("MPI_Ibsend", W), Buf, Count, Type, Dest, Tag, Comm, Request,
                         SendMode::Buffered);
}
int Irsend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
           MPI_Request *Request, Where W) {
  return nonblockingSend(enter("MPI_Irsend", W), Buf, Count, Type, Dest, Tag, Comm, Request,
                         SendMode::Standard);
}

// Receives.

static Task<int> recvCall(Call C, void *Buf, int Count, MPI_Datatype Type, int Source, int Tag,
                          MPI_Comm Comm, MPI_Status *Status) {
  if (C.Region) {
    Lock L(C.RT.Lock);
    co_return regionRecv(C, Buf, Count, Type, Source, Tag, Comm, Status);
  }
  Request R;
  WaitGroup G;
  const Communicator *Cm;
  {
    Lock L(C.RT.Lock);
    if (int Error = checkRecv(C, Comm, Source, Tag, Count, Type))
      co_return Error;
    Cm = &beginRecv(C, R, Buf, Count, Type, Source, Tag, Comm);
    G.watch(R);
  }
  co_await Block(C, G);
  copyStatus(Status, R.Status);
  co_return checkError(C, *Cm, R.Error);
}

Task<int> Recv(void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
               MPI_Status *Status, Where W) {
  return recvCall(enter("MPI_Recv", W), Buf, Count, Type, Source, Tag, Comm, Status);
}

int Irecv(void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
          MPI_Request *Handle, Where W) {
  Call C = enter("MPI_Irecv", W);
  Lock L(C.RT.Lock);
  if (int Error = checkRecv(C, Comm, Source, Tag, Count, Type)) {
    *Handle = MPI_REQUEST_NULL;
    return Error;
  }
  auto *R = new Request; // held by the handle
  beginRecv(C, *R, Buf, Count, Type, Source, Tag, Comm);
  *Handle = C.RT.Requests.add(R);
  C.holdInRegion(R);
  return MPI_SUCCESS;
}

static Task<int> sendrecvCall(Call C, const void *SendBuf, int SendCount, MPI_Datatype SendType,
                              int Dest, int SendTag, void *RecvBuf, int RecvCount,
                              MPI_Datatype RecvType, int Source, int RecvTag, MPI_Comm Comm,
                              MPI_Status *Status) {
  if (C.Region) {
    Lock L(C.RT.Lock);
    if (int Error = checkSend(C, Comm, Dest, SendTag, SendCount, SendType))
      co_return Error;
    if (int Error = regionRecv(C, RecvBuf, RecvCount, RecvType, Source, RecvTag, Comm, Status))
      co_return Error;
    Request S; // buffered inside a region: completes at once
    beginSend(C, S, SendBuf, SendCount, SendType, Dest, SendTag, Comm, SendMode::Buffered);
    co_return MPI_SUCCESS;
  }
  // The receive is posted first, so two ranks exchanging large messages cannot deadlock.
  Request R, S;
  WaitGroup G;
  const Communicator *Cm;
  {
    Lock L(C.RT.Lock);
    if (int Error = checkSend(C, Comm, Dest, SendTag, SendCount, SendType))
      co_return Error;
    if (int Error = checkRecv(C, Comm, Source, RecvTag, RecvCount, RecvType))
      co_return Error;
    Cm = &beginRecv(C, R, RecvBuf, RecvCount, RecvType, Source, RecvTag, Comm);
    beginSend(C, S, SendBuf, SendCount, SendType, Dest, SendTag, Comm, SendMode::Standard);
    G.watch(R);
    G.watch(S);
  }
  co_await Block(C, G);
  copyStatus(Status, R.Status);
  co_return checkError(C, *Cm, R.Error);
}

Task<int> Sendrecv(const void *SendBuf, int SendCount, MPI_Datatype SendType, int Dest, int SendTag,
                   void *RecvBuf, int RecvCount, MPI_Datatype RecvType, int Source, int RecvTag,
                   MPI_Comm Comm, MPI_Status *Status, Where W) {
  return sendrecvCall(enter("MPI_Sendrecv", W), SendBuf, SendCount, SendType, Dest, SendTag,
                      RecvBuf, RecvCount, RecvType, Source, RecvTag, Comm, Status);
}

// The outgoing data is packed at the call, so the receive may overwrite the buffer.
static Task<int> sendrecvReplaceCall(Call C, std::vector<std::byte> Outgoing, void *Buf, int Count,
                                     MPI_Datatype Type, int Dest, int SendTag, int Source,
                                     int RecvTag, MPI_Comm Comm, MPI_Status *Status) {
  co_return co_await sendrecvCall(C, Outgoing.data(), static_cast<int>(Outgoing.size()), MPI_BYTE,
                                  Dest, SendTag, Buf, Count, Type, Source, RecvTag, Comm, Status);
}

Task<int> Sendrecv_replace(void *Buf, int Count, MPI_Datatype Type, int Dest, int SendTag,
                           int Source, int RecvTag, MPI_Comm Comm, MPI_Status *Status, Where W) {
  Call C = enter("MPI_Sendrecv_replace", W);
  Layout L = layoutOf(Count, Type);
  std::vector<std::byte> Outgoing(L.Bytes);
  pack(Buf, Count, Type, L, Outgoing.data());
  return sendrecvReplaceCall(C, std::move(Outgoing), Buf, Count, Type, Dest, SendTag, Source,
                             RecvTag, Comm, Status);
}

// Probes.

namespace {
void probeStatus(MPI_Status *Status, const Message &M) {
  if (Status == MPI_STATUS_IGNORE)
    return;
  Status->MPI_SOURCE = M.Env.Source;
  Status->MPI_TAG = M.Env.Tag;
  Status->MPI_ERROR = MPI_SUCCESS;
  MPI_Status_set_elements_x(Status, MPI_BYTE, static_cast<MPI_Count>(M.Bytes));
}

// Probes once; true and the status if a message matches. Under the lock.
bool probeNow(Call &C, int Source, int Tag, MPI_Comm Comm, MPI_Status *Status, int &Context) {
  const Communicator &Cm = C.RT.Comms.lookup(Comm, C.Site);
  Context = Cm.Context;
  if (Source == MPI_PROC_NULL) {
    setEmptyStatus(Status);
    if (Status != MPI_STATUS_IGNORE)
      Status->MPI_SOURCE = MPI_PROC_NULL;
    return true;
  }
  if (const Message *M = C.RT.Eng.probe(C.Rank.LocalIndex, Source, Tag, Context)) {
    probeStatus(Status, *M);
    return true;
  }
  return false;
}
} // namespace

Task<int> Probe(int Source, int Tag, MPI_Comm Comm, MPI_Status *Status, Where W) {
  Call C = enter("MPI_Probe", W);
  {
    Lock L(C.RT.Lock);
    if (int Error =
            checkPeerAndTag(C, C.RT.Comms.lookup(Comm, C.Site), Direction::Receive, Source, Tag))
      co_return Error;
  }
  co_await waitForProbe(C, Source, Tag, [&](int &Context) {
    return probeNow(C, Source, Tag, Comm, Status, Context);
  });
  co_return MPI_SUCCESS;
}

Task<int> Iprobe(int Source, int Tag, MPI_Comm Comm, int *Flag, MPI_Status *Status, Where W) {
  Call C = enter("MPI_Iprobe", W);
  co_return co_await lookTwice(C, [&](bool Final) -> std::optional<int> {
    if (!Final)
      if (int Error = checkPeerAndTag(C, C.RT.Comms.lookup(Comm, C.Site), Direction::Receive,
                                      Source, Tag)) {
        *Flag = 0;
        return Error;
      }
    int Context;
    *Flag = probeNow(C, Source, Tag, Comm, Status, Context);
    if (!*Flag && !Final)
      return std::nullopt;
    return MPI_SUCCESS;
  });
}

// Waits.

static Task<int> waitCall(Call C, MPI_Request *Handle, MPI_Status *Status, Where W) {
  if (deferToRegion(C, 1, Handle, [=] { return Wait(Handle, Status, W); }))
    co_return MPI_SUCCESS;
  Request *R;
  WaitGroup G;
  {
    Lock L(C.RT.Lock);
    R = C.RT.Requests.lookup(*Handle, C.Site);
    if (R)
      G.watch(*R);
  }
  if (!R) {
    setEmptyStatus(Status);
    co_return MPI_SUCCESS;
  }
  co_await Block(C, G);
  Lock L(C.RT.Lock);
  co_return finish(C, Handle, *R, Status);
}

Task<int> Wait(MPI_Request *Handle, MPI_Status *Status, Where W) {
  return waitCall(enter("MPI_Wait", W), Handle, Status, W);
}

static Task<int> waitallCall(Call C, int Count, MPI_Request Handles[], MPI_Status Statuses[],
                             Where W) {
  if (deferToRegion(C, Count, Handles, [=] { return Waitall(Count, Handles, Statuses, W); }))
    co_return MPI_SUCCESS;
  WaitGroup G;
  {
    Lock L(C.RT.Lock);
    for (Request *R : lookupAll(C, Count, Handles))
      if (R)
        G.watch(*R);
  }
  co_await Block(C, G);
  Lock L(C.RT.Lock);
  bool AnyError = false;
  std::vector<Request *> Found = lookupAll(C, Count, Handles);
  for (int I = 0; I < Count; ++I) {
    if (!Found[I]) {
      setEmptyStatus(statusAt(Statuses, I));
      continue;
    }
    if (finish(C, &Handles[I], *Found[I], statusAt(Statuses, I)) != MPI_SUCCESS)
      AnyError = true;
  }
  co_return AnyError ? MPI_ERR_IN_STATUS : MPI_SUCCESS;
}

Task<int> Waitall(int Count, MPI_Request Handles[], MPI_Status Statuses[], Where W) {
  return waitallCall(enter("MPI_Waitall", W), Count, Handles, Statuses, W);
}

static Task<int> waitanyCall(Call C, int Count, MPI_Request Handles[], int *Index,
                             MPI_Status *Status, Where W) {
  if (deferToRegion(C, Count, Handles, [=] { return Waitany(Count, Handles, Index, Status, W); }))
    co_return MPI_SUCCESS;
  WaitGroup G;
  {
    Lock L(C.RT.Lock);
    if (!awaitAny(C, G, Count, Handles)) {
      *Index = MPI_UNDEFINED;
      setEmptyStatus(Status);
      co_return MPI_SUCCESS;
    }
  }
  co_await Block(C, G);
  Lock L(C.RT.Lock);
  detach(G, Count, Handles, C);
  std::vector<Request *> Found = lookupAll(C, Count, Handles);
  for (int I = 0; I < Count; ++I)
    if (Found[I] && Found[I]->Complete) {
      *Index = I;
      co_return finish(C, &Handles[I], *Found[I], Status);
    }
  callError(C, "internal error: woken without a completed request");
}

Task<int> Waitany(int Count, MPI_Request Handles[], int *Index, MPI_Status *Status, Where W) {
  return waitanyCall(enter("MPI_Waitany", W), Count, Handles, Index, Status, W);
}

static Task<int> waitsomeCall(Call C, int InCount, MPI_Request Handles[], int *OutCount,
                              int Indices[], MPI_Status Statuses[], Where W) {
  if (deferToRegion(C, InCount, Handles,
                    [=] { return Waitsome(InCount, Handles, OutCount, Indices, Statuses, W); }))
    co_return MPI_SUCCESS;
  WaitGroup G;
  {
    Lock L(C.RT.Lock);
    if (!awaitAny(C, G, InCount, Handles)) {
      *OutCount = MPI_UNDEFINED;
      co_return MPI_SUCCESS;
    }
  }
  co_await Block(C, G);
  Lock L(C.RT.Lock);
  detach(G, InCount, Handles, C);
  std::vector<Request *> Found = lookupAll(C, InCount, Handles);
  int Out = 0;
  bool AnyError = false;
  for (int I = 0; I < InCount; ++I)
    if (Found[I] && Found[I]->Complete) {
      Indices[Out] = I;
      if (finish(C, &Handles[I], *Found[I], statusAt(Statuses, Out)) != MPI_SUCCESS)
        AnyError = true;
      ++Out;
    }
  *OutCount = Out;
  co_return AnyError ? MPI_ERR_IN_STATUS : MPI_SUCCESS;
}

Task<int> Waitsome(int InCount, MPI_Request Handles[], int *OutCount, int Indices[],
                   MPI_Status Statuses[], Where W) {
  return waitsomeCall(enter("MPI_Waitsome", W), InCount, Handles, OutCount, Indices, Statuses, W);
}

// Tests. Each looks once, lets the other tasks run if nothing completed, and looks again.

namespace {
// Try once: the indices of completed requests, and whether any request is active.
struct Completion {
  std::vector<int> Done;
  int Active = 0;
};
Completion completedNow(Call &C, int Count, MPI_Request Handles[]) {
  Completion Out;
  std::vector<Request *> Found = lookupAll(C, Count, Handles);
  for (int I = 0; I < Count; ++I) {
    if (!Found[I])
      continue;
    ++Out.Active;
    if (Found[I]->Complete)
      Out.Done.push_back(I);
  }
  return Out;
}
} // namespace

Task<int> Test(MPI_Request *Handle, int *Flag, MPI_Status *Status, Where W) {
  Call C = enter("MPI_Test", W);
  co_return co_await lookTwice(C, [&](bool Final) -> std::optional<int> {
    Request *R = C.RT.Requests.lookup(*Handle, C.Site);
    if (!R) {
      *Flag = 1;
      setEmptyStatus(Status);
      return MPI_SUCCESS;
    }
    if (R->Complete) {
      *Flag = 1;
      return finish(C, Handle, *R, Status);
    }
    if (!Final)
      return std::nullopt;
    *Flag = 0;
    return MPI_SUCCESS;
  });
}

Task<int> Testall(int Count, MPI_Request Handles[], int *Flag, MPI_Status Statuses[], Where W) {
  Call C = enter("MPI_Testall", W);
  co_return co_await lookTwice(C, [&](bool Final) -> std::optional<int> {
    Completion Now = completedNow(C, Count, Handles);
    if (static_cast<int>(Now.Done.size()) != Now.Active) {
      if (!Final)
        return std::nullopt;
      *Flag = 0;
      return MPI_SUCCESS;
    }
    *Flag = 1;
    bool AnyError = false;
    std::vector<Request *> Found = lookupAll(C, Count, Handles);
    for (int I = 0; I < Count; ++I) {
      if (!Found[I])
        setEmptyStatus(statusAt(Statuses, I));
      else if (finish(C, &Handles[I], *Found[I], statusAt(Statuses, I)) != MPI_SUCCESS)
        AnyError = true;
    }
    return AnyError ? MPI_ERR_IN_STATUS : MPI_SUCCESS;
  });
}

Task<int> Testany(int Count, MPI_Request Handles[], int *Index, int *Flag, MPI_Status *Status,
                  Where W) {
  Call C = enter("MPI_Testany", W);
  co_return co_await lookTwice(C, [&](bool Final) -> std::optional<int> {
    Completion Now = completedNow(C, Count, Handles);
    if (Now.Active == 0) {
      *Flag = 1;
      *Index = MPI_UNDEFINED;
      setEmptyStatus(Status);
      return MPI_SUCCESS;
    }
    if (!Now.Done.empty()) {
      *Flag = 1;
      *Index = Now.Done.front();
      Request *R = C.RT.Requests.lookup(Handles[*Index], C.Site);
      return finish(C, &Handles[*Index], *R, Status);
    }
    if (!Final)
      return std::nullopt;
    *Flag = 0;
    *Index = MPI_UNDEFINED;
    return MPI_SUCCESS;
  });
}

Task<int> Testsome(int InCount, MPI_Request Handles[], int *OutCount, int Indices[],
                   MPI_Status Statuses[], Where W) {
  Call C = enter("MPI_Testsome", W);
  co_return co_await lookTwice(C, [&](bool Final) -> std::optional<int> {
    Completion Now = completedNow(C, InCount, Handles);
    if (Now.Active == 0) {
      *OutCount = MPI_UNDEFINED;
      return MPI_SUCCESS;
    }
    if (Now.Done.empty() && !Final)
      return std::nullopt;
    bool AnyError = false;
    int Out = 0;
    for (int I : Now.Done) {
      Indices[Out] = I;
      Request *R = C.RT.Requests.lookup(Handles[I], C.Site);
      if (finish(C, &Handles[I], *R, statusAt(Statuses, Out)) != MPI_SUCCESS)
        AnyError = true;
      ++Out;
    }
    *OutCount = Out;
    return AnyError ? MPI_ERR_IN_STATUS : MPI_SUCCESS;
  });
}

Task<int> Request_get_status(MPI_Request Handle, int *Flag, MPI_Status *Status, Where W) {
  Call C = enter("MPI_Request_get_status", W);
  co_return co_await lookTwice(C, [&](bool Final) -> std::optional<int> {
    Request *R = C.RT.Requests.lookup(Handle, C.Site);
    if (R && !R->Complete) {
      if (!Final)
        return std::nullopt;
      *Flag = 0;
      return MPI_SUCCESS;
    }
    *Flag = 1;
    if (R && (R->Kind == RequestKind::Recv || R->Kind == RequestKind::SendRecv))
      copyStatus(Status, R->Status);
    else
      setEmptyStatus(Status);
    return MPI_SUCCESS;
  });
}

int Request_free(MPI_Request *Handle) {
  Call C = enter("MPI_Request_free", std::source_location::current());
  Lock L(C.RT.Lock);
  if (*Handle == MPI_REQUEST_NULL)
    callError(C, "MPI_REQUEST_NULL given");
  Request *R = C.RT.Requests.lookup(*Handle, C.Site); // null: an inactive persistent request
  if (R && R->Kind == RequestKind::Collective)
    callError(C, "the request of a nonblocking collective cannot be freed (MPI: erroneous)");
  C.RT.Requests.remove(*Handle);
  *Handle = MPI_REQUEST_NULL;
  if (R)
    release(R); // an active request is deleted when it completes
  return MPI_SUCCESS;
}

// Persistent requests. An init checks its arguments and records them; each start begins the
// operation again as MPI_Isend or MPI_Irecv would (inside an olap region, a started receive
// joins the firing rule and a started send takes its data at once). A wait or test leaves the
// handle inactive rather than null, until MPI_Request_free.

namespace {

int persistentSend(Call C, const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag,
                   MPI_Comm Comm, MPI_Request *Handle, SendMode Mode) {
  Lock L(C.RT.Lock);
  if (int Error = checkSend(C, Comm, Dest, Tag, Count, Type))
    return Error;
  *Handle = C.RT.Requests.addPersistent(PersistentRequest{
      RequestKind::Send, Mode, const_cast<void *>(Buf), Count, Type, Dest, Tag, Comm});
  return MPI_SUCCESS;
}

// Starts one persistent request. Under the lock.
int start(Call &C, MPI_Request Handle) {
  const PersistentRequest &P = C.RT.Requests.persistent(Handle, C.Site);
  if (C.RT.Requests.lookup(Handle, C.Site))
    callError(C, "the request is active already (started and not completed by a wait or test)");
  if (P.Kind == RequestKind::Send)
    if (int Error = checkBuffered(C, P.Mode, P.Count, P.Type, P.Peer, P.Comm))
      return Error;
  auto *R = new Request; // held by the handle
  if (P.Kind == RequestKind::Send) {
    beginSend(C, *R, P.Buf, P.Count, P.Type, P.Peer, P.Tag, P.Comm, P.Mode);
  } else {
    beginRecv(C, *R, P.Buf, P.Count, P.Type, P.Peer, P.Tag, P.Comm);
    C.holdInRegion(R);
  }
  C.RT.Requests.start(Handle, R);
  return MPI_SUCCESS;
}

} // namespace

int Send_init(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
              MPI_Request *Request, Where W) {
  return persistentSend(enter("MPI_Send_init", W), Buf, Count, Type, Dest, Tag, Comm, Request,
                        SendMode::Standard);
}
int Ssend_init(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
               MPI_Request *Request, Where W) {
  return persistentSend(enter("MPI_Ssend_init", W), Buf, Count, Type, Dest, Tag, Comm, Request,
                        SendMode::Synchronous);
}
int Bsend_init(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
               MPI_Request *Request, Where W) {
  return persistentSend(enter("MPI_Bsend_init", W), Buf, Count, Type, Dest, Tag, Comm, Request,
                        SendMode::Buffered);
}
int Rsend_init(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
               MPI_Request *Request, Where W) {
  return persistentSend(enter("MPI_Rsend_init", W), Buf, Count, Type, Dest, Tag, Comm, Request,
                        SendMode::Standard);
}

int Recv_init(void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
              MPI_Request *Request, Where W) {
  Call C = enter("MPI_Recv_init", W);
  Lock L(C.RT.Lock);
  if (int Error = checkRecv(C, Comm, Source, Tag, Count, Type))
    return Error;
  *Request = C.RT.Requests.addPersistent(PersistentRequest{RequestKind::Recv, SendMode::Standard,
                                                           Buf, Count, Type, Source, Tag, Comm});
  return MPI_SUCCESS;
}

int Start(MPI_Request *Request, Where W) {
  Call C = enter("MPI_Start", W);
  Lock L(C.RT.Lock);
  return start(C, *Request);
}

int Startall(int Count, MPI_Request Requests[], Where W) {
  Call C = enter("MPI_Startall", W);
  Lock L(C.RT.Lock);
  int Error = MPI_SUCCESS;
  for (int I = 0; I < Count; ++I)
    if (int E = start(C, Requests[I]); E != MPI_SUCCESS && Error == MPI_SUCCESS)
      Error = E;
  return Error;
}

// MPI_Isendrecv: both halves run in a child of the rank (ChildTask), which completes the
// request with the receive's status once both have completed. The child starts them at the
// call, so inside an olap region the send takes its data at once.

namespace {

Task<> sendrecvHalves(Call C, Request *Outer, const void *SendBuf, int SendCount,
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
    Lock L(C.RT.Lock);
    beginRecv(C, R, RecvBuf, RecvCount, RecvType, Source, RecvTag, Comm);
    beginSend(C, S, SendBuf, SendCount, SendType, Dest, SendTag, Comm, SendMode::Standard);
    G.watch(R);
    G.watch(S);
  }
  co_await Block(C, G);
  Outer->Status = R.Status;
  Outer->Error = R.Error;
}

int startSendrecv(Call C, const void *SendBuf, int SendCount, MPI_Datatype SendType, int Dest,
                  int SendTag, void *RecvBuf, int RecvCount, MPI_Datatype RecvType, int Source,
                  int RecvTag, MPI_Comm Comm, MPI_Request *Handle,
                  std::vector<std::byte> Outgoing) {
  {
    Lock L(C.RT.Lock);
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
    Lock L(C.RT.Lock);
    R->Comm = &C.RT.Comms.lookup(Comm, C.Site);
    *Handle = C.RT.Requests.add(R);
    C.holdInRegion(R);
  }
  startChild(C, *R,
             sendrecvHalves(C, R, SendBuf, SendCount, SendType, Dest, SendTag, RecvBuf, RecvCount,
                            RecvType, Source, RecvTag, Comm, std::move(Outgoing)));
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

// MPI_Cancel: only a receive that nothing has matched can be cancelled; it completes at once
// with a status that MPI_Test_cancelled reports. A send is never cancelled (MPI lets a cancel
// fail); the request completes as it would have.
int Cancel(MPI_Request *Handle, Where W) {
  Call C = enter("MPI_Cancel", W);
  Lock L(C.RT.Lock);
  Request *R = C.RT.Requests.lookup(*Handle, C.Site);
  if (!R)
    callError(C, "no active request (MPI_REQUEST_NULL, or an inactive persistent request)");
  if (R->Kind == RequestKind::Collective)
    callError(C, "the request of a nonblocking collective cannot be cancelled (MPI: erroneous)");
  if (R->Kind == RequestKind::Recv && !R->Complete)
    C.RT.Eng.cancelRecv(*R);
  return MPI_SUCCESS;
}

} // namespace bamboo::mpi
