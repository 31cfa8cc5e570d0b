// mpi_persistent.cpp - persistent requests: MPI_Send_init and its modes, MPI_Recv_init,
// MPI_Start, MPI_Startall.
#include "bamboo/mpi.h"

#include "p2p_support.h"

namespace bamboo::mpi {

using namespace detail;

// Persistent requests. An init checks its arguments and records them; each start begins the
// operation again as MPI_Isend or MPI_Irecv would (inside an olap region, a started receive
// joins the firing rule and a started send takes its data at once). A wait or test leaves the
// handle inactive rather than null, until MPI_Request_free.

namespace {

int persistentSend(Call C, const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag,
                   MPI_Comm Comm, MPI_Request *Handle, SendMode Mode) {
  Lock L(C.Parts.Lock);
  if (int Error = checkSend(C, Comm, Dest, Tag, Count, Type))
    return Error;
  *Handle = C.Parts.Requests.addPersistent(PersistentRequest{
      RequestKind::Send, Mode, const_cast<void *>(Buf), Count, Type, Dest, Tag, Comm, nullptr});
  return MPI_SUCCESS;
}

// Starts one persistent request. Under the lock.
int start(Call &C, MPI_Request Handle) {
  const PersistentRequest &P = C.Parts.Requests.persistent(Handle, C.Site);
  if (C.Parts.Requests.lookup(Handle, C.Site))
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
  C.Parts.Requests.start(Handle, R);
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
  Lock L(C.Parts.Lock);
  if (int Error = checkRecv(C, Comm, Source, Tag, Count, Type))
    return Error;
  *Request = C.Parts.Requests.addPersistent(PersistentRequest{
      RequestKind::Recv, SendMode::Standard, Buf, Count, Type, Source, Tag, Comm, nullptr});
  return MPI_SUCCESS;
}

int Start(MPI_Request *Request, Where W) {
  Call C = enter("MPI_Start", W);
  Lock L(C.Parts.Lock);
  return start(C, *Request);
}

int Startall(int Count, MPI_Request Requests[], Where W) {
  Call C = enter("MPI_Startall", W);
  Lock L(C.Parts.Lock);
  int Error = MPI_SUCCESS;
  for (int I = 0; I < Count; ++I)
    if (int E = start(C, Requests[I]); E != MPI_SUCCESS && Error == MPI_SUCCESS)
      Error = E;
  return Error;
}

} // namespace bamboo::mpi
