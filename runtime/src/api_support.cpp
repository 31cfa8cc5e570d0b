// api_support.cpp - entering a call, waiting, and MPI's error handling.
#include "api_support.h"
#include "openmp.h"
#include "progress_signal.h"
#include "region_state.h"
#include "scheduler.h"

#include <algorithm>

namespace bamboo::detail {

RankCodePause pauseRankCode(RankTask *T) {
  return T && !T->RunningChild ? RankCodePause(T->Parts->Charges, T->CallDepth) : RankCodePause();
}

Call enter(const char *Operation, const CallSite &Where) {
  RankTask *T = currentTask();
  if (!T) {
    const RankTask *Team = rankOfThisThread();
    fatalError(std::string(Operation) + " at " + describe(Where) + ": called from " +
               (Team ? "a thread of rank " + std::to_string(Team->WorldRank) + "'s OpenMP team"
                     : std::string("a thread that does not run a virtual rank")) +
               " (MPI_THREAD_FUNNELED: MPI is called from the rank's own thread, not from "
               "another thread of an OpenMP team or a thread the program started)");
  }
  Call C{*T->Parts, *T, WaitSite{Operation, Where}, 0, nullptr, pauseRankCode(T)};
  if (!T->RunningChild)
    C.Region = T->OpenRegion;
  // The rank computes after this call; inside an olap region, only after the region's end
  // (Outbox::rankGoesOn).
  ProgressSignal::deferDemandsOnThisThread(C.Region != nullptr);
  return C;
}

Call enterTest(const char *Operation, const CallSite &Where) {
  Call C = enter(Operation, Where);
  C.Region = std::exchange(C.Rank.RegionCall, nullptr);
  return C;
}

Call enterBlocking(const char *Operation, const CallSite &Where) {
  Call C = enterTest(Operation, Where);
  checkMayWait(C);
  ProgressSignal::deferDemandsOnThisThread(true); // the rank waits, or returns at once
  return C;
}

namespace {
// The rank's own thread is inside an OpenMP parallel region, and another rank of its worker
// would run if it gave way (openmp.h). A child (a nonblocking collective) gives way only to
// its rank.
bool mustKeepWorker(const Call &C) {
  return !C.Rank.RunningChild && C.Rank.SharesWorker && insideOpenMPParallelRegion();
}
} // namespace

void checkMayWait(const Call &C) {
  // Whether this call will wait depends on timing; the check does not, so that a program
  // fails the same way every run.
  if (!mustKeepWorker(C))
    return;
  callError(C, "a call that may wait, inside an OpenMP parallel region, in a rank that shares "
               "its worker thread with other ranks: the rank could not give way to them there "
               "(OpenMP keeps the team's state in the thread). Make the call outside the "
               "parallel region, or give every rank a worker of its own "
               "(BAMBOO_WORKERS=BAMBOO_VF)");
}

namespace {
// The thread running for T now: its child's, else its own.
Fiber &runningThread(RankTask &T) { return T.RunningChild ? T.RunningChild->Thread : *T.Thread; }
} // namespace

void block(Call &C, WaitGroup &G) {
  {
    std::lock_guard L(C.Parts.Lock);
    if (G.satisfied())
      return;
    C.Parts.Eng.releaseBatch(C.Rank.WorldRank); // what the rank holds leaves before it waits
    G.Waiter = &C.Rank;
    G.Child = C.Rank.RunningChild;
    if (!G.Child) {
      C.Rank.Waiting = C.Site;
      C.Rank.WaitingOn = &G;
      C.Rank.MainBlocked = true;
    }
  }
  runningThread(C.Rank).suspend();
}

void yieldTurn(Call &C) {
  // Inside an OpenMP parallel region the rank keeps its worker (openmp.h); MPI's tests, the
  // callers, look once more and decide.
  if (mustKeepWorker(C))
    return;
  {
    std::lock_guard L(C.Parts.Lock);
    C.Parts.Eng.releaseBatch(C.Rank.WorldRank);
    C.Rank.Waiting = C.Site;
    C.Rank.WakePending = true;
    C.Rank.WakePriority = YieldPriority;
  }
  runningThread(C.Rank).suspend();
}

void callError(const Call &C, const std::string &Message) {
  fatalError("rank " + std::to_string(C.Rank.WorldRank) + ": " + C.Site.Operation + " at " +
             describe(C.Site.Where) + ": " + Message);
}

bool errorsReturn(const Call &C, const Communicator &Comm) {
  for (MPI_Comm Handle : C.Rank.ErrorsReturn)
    if (Handle == Comm.Handle)
      return true;
  return false;
}

int checkError(const Call &C, const Communicator &Comm, int Code) {
  if (Code == MPI_SUCCESS || Code == MPI_ERR_IN_STATUS || errorsReturn(C, Comm))
    return Code;
  char Text[MPI_MAX_ERROR_STRING];
  int Length = 0;
  MPI_Error_string(Code, Text, &Length);
  callError(C, std::string(Text, Length) + " (the communicator's error handler is "
                                           "MPI_ERRORS_ARE_FATAL)");
}

void prepareSend(const Call &C, Request &S, const void *Buf, int Count, MPI_Datatype Type,
                 int DestWorld, int Tag, int Context, const Communicator &Comm) {
  S.Owner = &C.Rank;
  S.Site = C.Site;
  S.SendBuf = Buf;
  S.Count = Count;
  S.TypeHold = DatatypeHold(Type);
  S.Type = S.TypeHold.get();
  S.DestWorld = DestWorld;
  S.Tag = Tag;
  S.Context = Context;
  S.Comm = &Comm;
}

void prepareRecv(const Call &C, Request &R, void *Buf, int Count, MPI_Datatype Type, int Source,
                 int Tag, int Context, const Communicator &Comm) {
  R.Owner = &C.Rank;
  R.Site = C.Site;
  R.Buf = Buf;
  R.Count = Count;
  R.TypeHold = DatatypeHold(Type);
  R.Type = R.TypeHold.get();
  R.Source = Source;
  R.Tag = Tag;
  R.Context = Context;
  R.Comm = &Comm;
}

// A child runs the runtime's own code (a collective's algorithm, a user's MPI_Op on its data):
// shallow, whatever the user's stack size. Committed as touched, like every stack.
constexpr std::size_t ChildStackSize = 1 << 20;

void startChild(Call &C, Request &R, std::function<void()> Body) {
  auto Child = std::make_unique<ChildTask>(ChildStackSize,
                                           [Body = std::move(Body), Rank = C.Rank.WorldRank] {
                                             try {
                                               Body();
                                             } catch (...) {
                                               fatalUncaughtException(Rank);
                                             }
                                           });
  Child->Completes = &R;
  ChildTask &Started = *Child;
  {
    std::lock_guard L(C.Parts.Lock);
    ++R.Holders;
    C.Rank.Children.push_back(std::move(Child));
  }
  resumeChild(C.Parts, C.Rank, Started);
}

void resumeChild(ApiParts &Parts, RankTask &T, ChildTask &Ch) {
  ChildTask *Outer = std::exchange(T.RunningChild, &Ch);
  Ch.Thread.resume();
  T.RunningChild = Outer;
  if (!Ch.Thread.done())
    return;
  std::lock_guard L(Parts.Lock);
  Request &R = *Ch.Completes;
  Parts.Eng.complete(R);
  release(&R);
  auto It = std::find_if(T.Children.begin(), T.Children.end(),
                         [&](const auto &P) { return P.get() == &Ch; });
  T.Children.erase(It);
}

void setEmptyStatus(MPI_Status *Status) {
  if (Status == MPI_STATUS_IGNORE)
    return;
  Status->MPI_SOURCE = MPI_ANY_SOURCE;
  Status->MPI_TAG = MPI_ANY_TAG;
  Status->MPI_ERROR = MPI_SUCCESS;
  MPI_Status_set_elements(Status, MPI_BYTE, 0);
}

void checkPeer(const Call &C, const Communicator &Comm, int Rank, bool AllowAnySource) {
  if (Rank == MPI_PROC_NULL || (AllowAnySource && Rank == MPI_ANY_SOURCE))
    return;
  if (Rank < 0 || Rank >= Comm.Size)
    callError(C, "invalid rank " + std::to_string(Rank) + " for " + Comm.Name + " of size " +
                     std::to_string(Comm.Size));
}

void checkTag(const Call &C, int Tag, bool AllowAnyTag) {
  if (AllowAnyTag && Tag == MPI_ANY_TAG)
    return;
  if (Tag < 0)
    callError(C, "invalid tag " + std::to_string(Tag));
}

void checkCount(const Call &C, int Count, MPI_Datatype Type) {
  if (Count < 0)
    callError(C, "negative count " + std::to_string(Count));
  if (Type == MPI_DATATYPE_NULL)
    callError(C, "MPI_DATATYPE_NULL as datatype");
}

namespace {
// MPI_ERRORS_RETURN: the error class; otherwise a fatal error.
int argumentError(const Call &C, const Communicator &Comm, int Class, const std::string &Message) {
  if (!errorsReturn(C, Comm))
    callError(C, Message);
  return Class;
}
} // namespace

int checkPeerAndTag(const Call &C, const Communicator &Comm, Direction D, int Peer, int Tag) {
  bool Receive = D == Direction::Receive;
  if (Peer != MPI_PROC_NULL && !(Receive && Peer == MPI_ANY_SOURCE) &&
      (Peer < 0 || Peer >= Comm.Size))
    return argumentError(C, Comm, MPI_ERR_RANK,
                         "invalid rank " + std::to_string(Peer) + " for " + Comm.Name +
                             " of size " + std::to_string(Comm.Size));
  if (Tag < 0 && !(Receive && Tag == MPI_ANY_TAG))
    return argumentError(C, Comm, MPI_ERR_TAG, "invalid tag " + std::to_string(Tag));
  return MPI_SUCCESS;
}

int checkArguments(const Call &C, const Communicator &Comm, Direction D, int Peer, int Tag,
                   int Count, MPI_Datatype Type) {
  if (int Error = checkPeerAndTag(C, Comm, D, Peer, Tag))
    return Error;
  if (Count < 0)
    return argumentError(C, Comm, MPI_ERR_COUNT, "negative count " + std::to_string(Count));
  if (Type == MPI_DATATYPE_NULL)
    return argumentError(C, Comm, MPI_ERR_TYPE, "MPI_DATATYPE_NULL as datatype");
  return MPI_SUCCESS;
}

} // namespace bamboo::detail
