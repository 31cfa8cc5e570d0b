// mpi_matched_probes.cpp - MPI_Mprobe, MPI_Improbe, MPI_Mrecv, MPI_Imrecv.
//
// A matched probe takes the message it finds out of the rank's unexpected messages, so that no
// other receive can take it, and hands it out as an MPI_Message (matched_message.h); the
// receive of that handle delivers it as a posted receive would have (a large message from
// another process moves only then). MPI_PROC_NULL gives MPI_MESSAGE_NO_PROC, whose receive
// completes at once with source MPI_PROC_NULL. Inside an olap region MPI_Mrecv joins the
// firing rule, as MPI_Recv does; the probes themselves cannot be deferred.
#include "bamboo/mpi.h"

#include "api_support.h"
#include "region_state.h"

namespace bamboo::mpi {

using namespace detail;

namespace {

using Lock = std::lock_guard<std::mutex>;

void procNullStatus(MPI_Status *Status) {
  setEmptyStatus(Status);
  if (Status != MPI_STATUS_IGNORE)
    Status->MPI_SOURCE = MPI_PROC_NULL;
}

// Probes once; on a match the message leaves matching for a handle. Under the lock.
bool matchNow(Call &C, int Source, int Tag, MPI_Comm Comm, MPI_Message *Handle, MPI_Status *Status,
              int &Context) {
  const Communicator &Cm = C.Parts.Comms.lookup(Comm, C.Site);
  checkPeer(C, Cm, Source, true);
  checkTag(C, Tag, true);
  Context = Cm.Context;
  if (Source == MPI_PROC_NULL) {
    procNullStatus(Status);
    *Handle = MPI_MESSAGE_NO_PROC;
    return true;
  }
  std::unique_ptr<Message> M = C.Parts.Eng.takeUnexpected(C.Rank.LocalIndex, Source, Tag, Context);
  if (!M)
    return false;
  if (Status != MPI_STATUS_IGNORE) {
    Status->MPI_SOURCE = M->Env.Source;
    Status->MPI_TAG = M->Env.Tag;
    Status->MPI_ERROR = MPI_SUCCESS;
    MPI_Status_set_elements_x(Status, MPI_BYTE, static_cast<MPI_Count>(M->Bytes));
  }
  *Handle = C.Parts.Messages.add(MatchedMessage{std::move(M), &Cm});
  return true;
}

// Starts receive R of a matched message (not MPI_MESSAGE_NO_PROC); the handle becomes
// MPI_MESSAGE_NULL. Under the lock.
const Communicator &receiveMatched(Call &C, Request &R, void *Buf, int Count, MPI_Datatype Type,
                                   MPI_Message *Handle) {
  checkCount(C, Count, Type);
  MatchedMessage Matched = C.Parts.Messages.take(*Handle, C.Site);
  *Handle = MPI_MESSAGE_NULL;
  prepareRecv(C, R, Buf, Count, Type, Matched.M->Env.Source, Matched.M->Env.Tag,
              Matched.M->Env.Context, *Matched.Comm);
  C.Parts.Eng.receiveMatched(*Matched.M, R);
  return *Matched.Comm;
}

} // namespace

int Mprobe(int Source, int Tag, MPI_Comm Comm, MPI_Message *Message, MPI_Status *Status, Where W) {
  Call C = enterBlocking("MPI_Mprobe", W);
  waitForProbe(C, Source, Tag, [&](int &Context) {
    return matchNow(C, Source, Tag, Comm, Message, Status, Context);
  });
  return MPI_SUCCESS;
}

int Improbe(int Source, int Tag, MPI_Comm Comm, int *Flag, MPI_Message *Message, MPI_Status *Status,
            Where W) {
  Call C = enterTest("MPI_Improbe", W);
  return lookTwice(C, [&](bool Final) -> std::optional<int> {
    int Context;
    *Flag = matchNow(C, Source, Tag, Comm, Message, Status, Context);
    if (!*Flag && !Final)
      return std::nullopt;
    return MPI_SUCCESS;
  });
}

static int mrecvCall(Call C, void *Buf, int Count, MPI_Datatype Type, MPI_Message *Message,
                     MPI_Status *Status) {
  if (*Message == MPI_MESSAGE_NO_PROC) {
    procNullStatus(Status);
    *Message = MPI_MESSAGE_NULL;
    return MPI_SUCCESS;
  }
  if (C.Region) {
    Lock L(C.Parts.Lock);
    auto *R = new Request; // its one holder is the region
    receiveMatched(C, *R, Buf, Count, Type, Message);
    C.Region->receive(R, Status);
    return MPI_SUCCESS;
  }
  Request R;
  WaitGroup G;
  const Communicator *Cm;
  {
    Lock L(C.Parts.Lock);
    Cm = &receiveMatched(C, R, Buf, Count, Type, Message);
    G.watch(R);
  }
  block(C, G);
  copyStatus(Status, R.Status);
  return checkError(C, *Cm, R.Error);
}

int Mrecv(void *Buf, int Count, MPI_Datatype Type, MPI_Message *Message, MPI_Status *Status,
          Where W) {
  return mrecvCall(enterBlocking("MPI_Mrecv", W), Buf, Count, Type, Message, Status);
}

int Imrecv(void *Buf, int Count, MPI_Datatype Type, MPI_Message *Message, MPI_Request *Handle,
           Where W) {
  Call C = enter("MPI_Imrecv", W);
  auto *R = new Request; // held by the handle
  Lock L(C.Parts.Lock);
  if (*Message == MPI_MESSAGE_NO_PROC) {
    prepareRecv(C, *R, Buf, Count, Type, MPI_PROC_NULL, MPI_ANY_TAG, 0,
                C.Parts.Comms.lookup(MPI_COMM_WORLD, C.Site));
    procNullStatus(&R->Status);
    *Message = MPI_MESSAGE_NULL;
    C.Parts.Eng.complete(*R);
  } else {
    receiveMatched(C, *R, Buf, Count, Type, Message);
  }
  *Handle = C.Parts.Requests.add(R);
  C.holdInRegion(R);
  return MPI_SUCCESS;
}

} // namespace bamboo::mpi
