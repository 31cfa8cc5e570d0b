// api_support.h - what every bamboo::mpi call shares: finding its task, waiting, errors.
#pragma once

#include "api_parts.h"
#include "fatal_error.h"
#include "rank_task.h"
#include "region_state.h"

#include "bamboo/call_site.h"
#include <functional>
#include <mutex>
#include <optional>
#include <string>

namespace bamboo::detail {

// The context of one API call.
struct Call {
  ApiParts &Parts; // all of the runtime a call sees

  RankTask &Rank;
  WaitSite Site;
  // Added to the tags of a collective's internal messages: 0 for blocking collectives, one
  // range per operation for nonblocking ones, so that operations in progress together on one
  // communicator never take each other's messages (collective_support.h).
  int TagBase = 0;
  // The olap region this call acts for, or null: for an operation that starts, the innermost
  // open one; for a blocking call, the region it was made through (region.h). It defers the
  // call's waits and receives and buffers its sends.
  RegionState *Region = nullptr;
  // The rank's code is paused from enter() to the end of the call (rank_code_charges.h).
  RankCodePause Pause;

  // A request this call started inside an olap region is part of the region's firing rule: the
  // task goes on past the region's end only when it is complete. Under the engine lock.
  void holdInRegion(Request *R) const {
    if (Region)
      Region->hold(R);
  }
};

// What a bamboo::mpi call made by T pauses of its rank's code (rank_code_charges.h): nothing
// outside a rank (T null) or in one of its children, whose calls are the runtime's own.
RankCodePause pauseRankCode(RankTask *T);

// The calling rank; a fatal error naming Operation outside a virtual rank. Call::Region is the
// innermost open olap region (null in a child): the operations the call starts join it. A
// blocking call completes in the call unless it was made through the region object
// (region.h), which sets Call::Region for it.
Call enter(const char *Operation, const CallSite &Where);
// The same for a call that may wait: its Call::Region is the region the call was made through
// (RankTask::RegionCall), else null.
Call enterBlocking(const char *Operation, const CallSite &Where);
// The same for MPI's tests (lookTwice), which give way to other ranks but never wait.
Call enterTest(const char *Operation, const CallSite &Where);

// A fatal error if the calling rank may not wait here: inside an OpenMP parallel region, when
// other ranks share its worker (openmp.h). enterBlocking checks it.
void checkMayWait(const Call &C);

// Suspends the calling rank (or the rank's child that runs, ChildTask) until G is satisfied.
// Whatever G waits for must have been registered (under the engine lock) before; see
// scheduler.h for why no wake-up is lost.
void block(Call &C, WaitGroup &G);

// Lets the other ready tasks run once.
void yieldTurn(Call &C);

// MPI's tests (MPI_Test*, MPI_Iprobe's kin, MPI_Request_get_status): Look(Final), under the
// engine lock, returns the call's result once it is decided, else nullopt. If the first look
// decides nothing, the other ready tasks run once (so a polling loop lets them progress, with
// one worker too) and the second look, Final, must decide.
template <class Look> int lookTwice(Call &C, Look Try) {
  for (int Attempt = 0;; ++Attempt) {
    {
      std::lock_guard L(C.Parts.Lock);
      if (std::optional<int> Result = Try(Attempt == 1))
        return *Result;
    }
    yieldTurn(C);
  }
}

// MPI's blocking probes: Look(Context), under the engine lock, returns true once a message
// matches (setting Context, the communicator's); until then the task waits for the next
// message that arrives for it with Source and Tag on that context, and looks again.
template <class Look> void waitForProbe(Call &C, int Source, int Tag, Look Try) {
  for (;;) {
    ProbeWait P;
    {
      std::lock_guard L(C.Parts.Lock);
      if (Try(P.Context))
        return;
      P.Source = Source;
      P.Tag = Tag;
      P.Group.Pending = 1; // the next message that could match
      C.Parts.Eng.addProbe(C.Rank.LocalIndex, P);
    }
    block(C, P.Group);
    std::lock_guard L(C.Parts.Lock);
    C.Parts.Eng.removeProbe(C.Rank.LocalIndex, P);
  }
}

// Applies the communicator's error handler: returns Code under MPI_ERRORS_RETURN, otherwise a
// non-success Code is fatal for the job, with a message naming the rank and the call.
int checkError(const Call &C, const Communicator &Comm, int Code);
// Whether the rank set MPI_ERRORS_RETURN on Comm.
bool errorsReturn(const Call &C, const Communicator &Comm);
[[noreturn]] void callError(const Call &C, const std::string &Message);

// MPI's status of an empty receive (MPI_REQUEST_NULL, MPI_PROC_NULL).
void setEmptyStatus(MPI_Status *Status);
inline void copyStatus(MPI_Status *To, const MPI_Status &From) {
  if (To != MPI_STATUS_IGNORE)
    *To = From;
}

// Fill a request for a send to world rank DestWorld, or a receive from communicator rank
// Source, on the given context (a communicator's point-to-point or collective one).
void prepareSend(const Call &C, Request &S, const void *Buf, int Count, MPI_Datatype Type,
                 int DestWorld, int Tag, int Context, const Communicator &Comm);
void prepareRecv(const Call &C, Request &R, void *Buf, int Count, MPI_Datatype Type, int Source,
                 int Tag, int Context, const Communicator &Comm);

// Starts Body as a child of the calling rank (ChildTask) that completes R, a request the
// caller has made and given a handle; the child runs at once, until it first waits. The child
// holds R until it ends.
void startChild(Call &C, Request &R, std::function<void()> Body);

// Whether a buffered send of Count elements of Type fits the rank's attached buffer: MPI_SUCCESS,
// else MPI_ERR_BUFFER under MPI_ERRORS_RETURN, a fatal error otherwise (mpi_send_buffer.cpp).
int checkBufferSpace(const Call &C, const Communicator &Comm, int Count, MPI_Datatype Type);

// Validation (under the lock): a fatal error naming the call.
void checkPeer(const Call &C, const Communicator &Comm, int Rank, bool AllowAnySource);
void checkTag(const Call &C, int Tag, bool AllowAnyTag);
void checkCount(const Call &C, int Count, MPI_Datatype Type);

// The arguments of a point-to-point call (Peer: destination, or source with MPI_ANY_SOURCE
// and MPI_ANY_TAG allowed for a receive): MPI_SUCCESS, or under the communicator's
// MPI_ERRORS_RETURN the error class (MPI_ERR_RANK, MPI_ERR_TAG, MPI_ERR_COUNT, MPI_ERR_TYPE)
// to return from the call; a fatal error otherwise. Under the lock.
enum class Direction { Send, Receive };
int checkArguments(const Call &C, const Communicator &Comm, Direction D, int Peer, int Tag,
                   int Count, MPI_Datatype Type);
// The same for a probe: peer and tag only.
int checkPeerAndTag(const Call &C, const Communicator &Comm, Direction D, int Peer, int Tag);

} // namespace bamboo::detail
