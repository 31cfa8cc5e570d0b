// region.cpp - olap regions: collect receives and waits, then suspend once.
#include "bamboo/region.h"
#include "bamboo/mpi.h"

#include "api_support.h"
#include "region_state.h"

#include <exception>

namespace bamboo {

using namespace detail;

Region::Region(int Priority, CallSite Where) : State(new RegionState) {
  Call C = enter("olap region", Where);
  State->Owner = &C.Rank;
  State->Priority = Priority;
  State->Site = C.Site;
  // A region opened inside another (by a called function) is its own: the outer one is set
  // aside until this one completes.
  State->Outer = C.Rank.OpenRegion;
  C.Rank.OpenRegion = State;
  std::lock_guard L(C.Parts.Lock);
  C.Parts.Eng.openBatch(C.Rank.WorldRank);
}

Region::~Region() {
  if (State->Owner->OpenRegion == State) {
    // Receives are still registered into buffers that are going out of scope.
    fatalError("rank " + std::to_string(State->Owner->WorldRank) + ": olap region at " +
               describe(State->Site.Where) + " was left without completing" +
               (std::uncaught_exceptions() ? " (an exception escaped it)" : ""));
  }
  delete State;
}

int Region::complete() {
  Call C = enter("olap region", State->Site.Where);
  checkMayWait(C);
  RegionState &S = *State;
  if (C.Rank.OpenRegion != State)
    callError(C, "olap region completed twice");
  C.Rank.OpenRegion = S.Outer; // the deferred calls below run as they would outside

  WaitGroup G;
  G.WakePriority = S.Priority;
  {
    std::lock_guard L(C.Parts.Lock);
    // The region's sends leave now, a broadcast among them along a tree: the task may go on
    // computing without suspending.
    C.Parts.Eng.closeBatch(C.Rank.WorldRank);
    C.Parts.Net.flush();
    for (Request *R : S.Held)
      G.watch(*R);
  }
  block(C, G); // the only suspension of the region

  int FirstError = MPI_SUCCESS;
  {
    std::lock_guard L(C.Parts.Lock);
    C.Parts.Net.rankGoesOn();
    for (auto &[R, Status] : S.Receives) {
      copyStatus(Status, R->Status);
      if (R->Error == MPI_SUCCESS || FirstError != MPI_SUCCESS)
        continue;
      // The receive returned MPI_SUCCESS before its message arrived: under MPI_ERRORS_RETURN
      // its error has no call left to return from, and dropping it would be a silent wrong
      // answer (issue 10). The job ends, naming the receive.
      if (errorsReturn(C, *R->Comm)) {
        char Text[MPI_MAX_ERROR_STRING];
        int Length = 0;
        MPI_Error_string(R->Error, Text, &Length);
        callError(C, std::string(R->Site.Operation) + " at " + describe(R->Site.Where) + ": " +
                         std::string(Text, Length) +
                         "; inside an olap region the call returned before its message "
                         "arrived, so MPI_ERRORS_RETURN cannot return this error");
      }
      FirstError = checkError(C, *R->Comm, R->Error);
    }
    for (Request *R : S.Held)
      release(R);
    S.Held.clear();
    S.Receives.clear();
  }
  for (auto &Finish : S.Deferred) {
    int Code = Finish();
    if (Code != MPI_SUCCESS && FirstError == MPI_SUCCESS)
      FirstError = Code;
  }
  S.Deferred.clear();
  return FirstError;
}

// The calls of the region's body: each makes the one bamboo::mpi call it stands for, through
// the region (enterBlocking takes it from RankTask::RegionCall).
void Region::through(const char *Operation, Where W) {
  Call C = enter(Operation, W);
  if (C.Rank.OpenRegion != State)
    callError(C, "made through an olap region that is not the innermost open one (the region at " +
                     describe(State->Site.Where) + ")");
  C.Rank.RegionCall = State;
}

int Region::Send(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
                 Where W) {
  through("MPI_Send", W);
  return mpi::Send(Buf, Count, Type, Dest, Tag, Comm, W);
}
int Region::Ssend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
                  Where W) {
  through("MPI_Ssend", W);
  return mpi::Ssend(Buf, Count, Type, Dest, Tag, Comm, W);
}
int Region::Bsend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
                  Where W) {
  through("MPI_Bsend", W);
  return mpi::Bsend(Buf, Count, Type, Dest, Tag, Comm, W);
}
int Region::Rsend(const void *Buf, int Count, MPI_Datatype Type, int Dest, int Tag, MPI_Comm Comm,
                  Where W) {
  through("MPI_Rsend", W);
  return mpi::Rsend(Buf, Count, Type, Dest, Tag, Comm, W);
}
int Region::Recv(void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
                 MPI_Status *Status, Where W) {
  through("MPI_Recv", W);
  return mpi::Recv(Buf, Count, Type, Source, Tag, Comm, Status, W);
}
int Region::Sendrecv(const void *SendBuf, int SendCount, MPI_Datatype SendType, int Dest,
                     int SendTag, void *RecvBuf, int RecvCount, MPI_Datatype RecvType, int Source,
                     int RecvTag, MPI_Comm Comm, MPI_Status *Status, Where W) {
  through("MPI_Sendrecv", W);
  return mpi::Sendrecv(SendBuf, SendCount, SendType, Dest, SendTag, RecvBuf, RecvCount, RecvType,
                       Source, RecvTag, Comm, Status, W);
}
int Region::Sendrecv_replace(void *Buf, int Count, MPI_Datatype Type, int Dest, int SendTag,
                             int Source, int RecvTag, MPI_Comm Comm, MPI_Status *Status, Where W) {
  through("MPI_Sendrecv_replace", W);
  return mpi::Sendrecv_replace(Buf, Count, Type, Dest, SendTag, Source, RecvTag, Comm, Status, W);
}
int Region::Mrecv(void *Buf, int Count, MPI_Datatype Type, MPI_Message *Message, MPI_Status *Status,
                  Where W) {
  through("MPI_Mrecv", W);
  return mpi::Mrecv(Buf, Count, Type, Message, Status, W);
}
int Region::Wait(MPI_Request *Request, MPI_Status *Status, Where W) {
  through("MPI_Wait", W);
  return mpi::Wait(Request, Status, W);
}
int Region::Waitall(int Count, MPI_Request Requests[], MPI_Status Statuses[], Where W) {
  through("MPI_Waitall", W);
  return mpi::Waitall(Count, Requests, Statuses, W);
}
int Region::Waitany(int Count, MPI_Request Requests[], int *Index, MPI_Status *Status, Where W) {
  through("MPI_Waitany", W);
  return mpi::Waitany(Count, Requests, Index, Status, W);
}
int Region::Waitsome(int InCount, MPI_Request Requests[], int *OutCount, int Indices[],
                     MPI_Status Statuses[], Where W) {
  through("MPI_Waitsome", W);
  return mpi::Waitsome(InCount, Requests, OutCount, Indices, Statuses, W);
}

} // namespace bamboo
