// p2p_support.cpp - what the point-to-point calls share (p2p_support.h).
#include "p2p_support.h"

#include "datatype.h"
#include "region_state.h"

namespace bamboo::detail {

namespace {
// Under SMPI with a modelled runtime cost, half of what a message costs the runtime is charged
// at each end (rank_code_charges.h); a receive is charged for the most it may receive.
void chargeMessage(Call &C, int Count, MPI_Datatype Type) {
  if (C.Parts.Charges.chargesMessages())
    C.Parts.Charges.message(layoutOf(Count, Type).Bytes);
}
} // namespace

const Communicator &beginSend(Call &C, Request &S, const void *Buf, int Count, MPI_Datatype Type,
                              int Dest, int Tag, MPI_Comm Comm, SendMode Mode, bool InParts) {
  const Communicator &Cm = C.Parts.Comms.lookup(Comm, C.Site);
  prepareSend(C, S, Buf, Count, Type, Cm.worldRankOf(Dest, C.Rank), Tag, Cm.Context, Cm);
  // Inside an olap region every send takes its data at the call (SPEC §3): one in parts, when
  // all of it is ready.
  if (C.Region && Mode == SendMode::Standard)
    Mode = SendMode::Buffered;
  Envelope Env{Cm.rankOf(C.Rank.WorldRank), Tag, Cm.Context};
  chargeMessage(C, Count, Type);
  if (InParts)
    C.Parts.Eng.startSendInParts(S, Env, Mode);
  else
    C.Parts.Eng.startSend(S, Env, Mode);
  return Cm;
}

const Communicator &beginRecv(Call &C, Request &R, void *Buf, int Count, MPI_Datatype Type,
                              int Source, int Tag, MPI_Comm Comm) {
  const Communicator &Cm = C.Parts.Comms.lookup(Comm, C.Site);
  prepareRecv(C, R, Buf, Count, Type, Source, Tag, Cm.Context, Cm);
  chargeMessage(C, Count, Type);
  C.Parts.Eng.startRecv(R);
  return Cm;
}

int checkSend(Call &C, MPI_Comm Comm, int Dest, int Tag, int Count, MPI_Datatype Type) {
  return checkArguments(C, C.Parts.Comms.lookup(Comm, C.Site), Direction::Send, Dest, Tag, Count,
                        Type);
}
int checkRecv(Call &C, MPI_Comm Comm, int Source, int Tag, int Count, MPI_Datatype Type) {
  return checkArguments(C, C.Parts.Comms.lookup(Comm, C.Site), Direction::Receive, Source, Tag,
                        Count, Type);
}

void detach(WaitGroup &G, int Count, MPI_Request Handles[], Call &C) {
  for (int I = 0; I < Count; ++I)
    if (Request *R = C.Parts.Requests.lookup(Handles[I], C.Site); R && R->Group == &G)
      R->Group = nullptr;
}

MPI_Status *statusAt(MPI_Status Statuses[], int I) {
  return Statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &Statuses[I];
}

int finish(Call &C, MPI_Request *Handle, Request &R, MPI_Status *Status) {
  if (R.Kind == RequestKind::Recv || R.Kind == RequestKind::SendRecv)
    copyStatus(Status, R.Status);
  else
    setEmptyStatus(Status);
  const Communicator &Cm = *R.Comm;
  int Error = R.Error;
  C.Parts.Requests.retire(Handle);
  release(&R);
  return checkError(C, Cm, Error);
}

int checkBuffered(Call &C, SendMode Mode, int Count, MPI_Datatype Type, int Dest, MPI_Comm Comm) {
  if (Mode != SendMode::Buffered || Dest == MPI_PROC_NULL)
    return MPI_SUCCESS;
  return checkBufferSpace(C, C.Parts.Comms.lookup(Comm, C.Site), Count, Type);
}

int regionRecv(Call &C, void *Buf, int Count, MPI_Datatype Type, int Source, int Tag, MPI_Comm Comm,
               MPI_Status *Status) {
  if (int Error = checkRecv(C, Comm, Source, Tag, Count, Type))
    return Error;
  auto *R = new Request; // its one holder is the region (it may complete at once)
  beginRecv(C, *R, Buf, Count, Type, Source, Tag, Comm);
  C.Region->receive(R, Status);
  return MPI_SUCCESS;
}

std::vector<Request *> lookupAll(Call &C, int Count, MPI_Request Handles[]) {
  std::vector<Request *> Found(Count);
  for (int I = 0; I < Count; ++I)
    Found[I] = C.Parts.Requests.lookup(Handles[I], C.Site);
  return Found;
}

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

bool deferToRegion(Call &C, int Count, MPI_Request Handles[], std::function<int()> Finish) {
  RegionState *Region = C.Region;
  if (!Region)
    return false;
  Lock L(C.Parts.Lock);
  for (Request *R : lookupAll(C, Count, Handles))
    if (R)
      Region->hold(R);
  Region->Deferred.push_back(std::move(Finish));
  return true;
}

} // namespace bamboo::detail
