// mpi_sends.cpp - MPI's sends, blocking and nonblocking, in every mode. A standard send
// waits (suspends the task) only above the eager limit; inside an olap region it takes its
// data at the call (SPEC 3).
#include "bamboo/mpi.h"

#include "p2p_support.h"
#include "progress_signal.h"

namespace bamboo::mpi {

using namespace detail;

namespace {

int blockingSend(Call C, const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag,
                 MPI_Comm Comm, SendMode Mode) {
  // An eager send returns at once and its rank computes next: like a nonblocking call's, its
  // frame wakes the progress thread (which sends it if the rank does not suspend first);
  // inside an olap region, the region's end sends it.
  ProgressSignal::deferDemandsOnThisThread(C.Rank.OpenRegion != nullptr);
  Request S;
  WaitGroup G;
  {
    Lock L(C.Parts.Lock);
    if (int Error = checkSend(C, Comm, Dest, Tag, Count, Type))
      return Error;
    if (int Error = checkBuffered(C, Mode, Count, Type, Dest, Comm))
      return Error;
    beginSend(C, S, Buf, Count, Type, Dest, Tag, Comm, Mode);
    G.watch(S);
  }
  block(C, G);
  return MPI_SUCCESS;
}

int nonblockingSend(Call C, const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag,
                    MPI_Comm Comm, MPI_Request *Handle, SendMode Mode) {
  Lock L(C.Parts.Lock);
  if (int Error = checkSend(C, Comm, Dest, Tag, Count, Type)) {
    *Handle = MPI_REQUEST_NULL;
    return Error;
  }
  if (int Error = checkBuffered(C, Mode, Count, Type, Dest, Comm))
    return Error;
  auto *S = new Request; // held by the handle
  beginSend(C, *S, Buf, Count, Type, Dest, Tag, Comm, Mode);
  *Handle = C.Parts.Requests.add(S);
  // Outside an olap region a started send leaves at the call, as MPI's does: its rank may
  // compute before it suspends (a start the translator moved up is followed by work). A
  // region's sends leave together when it completes.
  if (!C.Region)
    C.Parts.Net.flush();
  return MPI_SUCCESS;
}

} // namespace

// Sends.

int Send(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm, Where W) {
  return blockingSend(enterBlocking("MPI_Send", W), Buf, Count, Type, Dest, Tag, Comm,
                      SendMode::Standard);
}

int Ssend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
          Where W) {
  return blockingSend(enterBlocking("MPI_Ssend", W), Buf, Count, Type, Dest, Tag, Comm,
                      SendMode::Synchronous);
}

int Bsend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
          Where W) {
  return blockingSend(enterBlocking("MPI_Bsend", W), Buf, Count, Type, Dest, Tag, Comm,
                      SendMode::Buffered);
}

int Rsend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
          Where W) {
  // A ready send may be implemented as a standard one (MPI 3.1, 3.4).
  return blockingSend(enterBlocking("MPI_Rsend", W), Buf, Count, Type, Dest, Tag, Comm,
                      SendMode::Standard);
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

} // namespace bamboo::mpi
