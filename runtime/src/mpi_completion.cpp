// mpi_completion.cpp - every wait and test form, MPI_Request_free and MPI_Cancel, on the one
// wait/wake protocol (completion.h). Inside an olap region a wait is deferred to the region's
// end.
#include "bamboo/mpi.h"

#include "p2p_support.h"

namespace bamboo::mpi {

using namespace detail;

// Waits.

static int waitCall(Call C, MPI_Request *Handle, MPI_Status *Status, Where W) {
  if (deferToRegion(C, 1, Handle, [=] { return Wait(Handle, Status, W); }))
    return MPI_SUCCESS;
  Request *R;
  WaitGroup G;
  {
    Lock L(C.Parts.Lock);
    R = C.Parts.Requests.lookup(*Handle, C.Site);
    if (R)
      G.watch(*R);
  }
  if (!R) {
    setEmptyStatus(Status);
    return MPI_SUCCESS;
  }
  block(C, G);
  Lock L(C.Parts.Lock);
  return finish(C, Handle, *R, Status);
}

int Wait(MPI_Request *Handle, MPI_Status *Status, Where W) {
  return waitCall(enterBlocking("MPI_Wait", W), Handle, Status, W);
}

static int waitallCall(Call C, int Count, MPI_Request Handles[], MPI_Status Statuses[], Where W) {
  if (deferToRegion(C, Count, Handles, [=] { return Waitall(Count, Handles, Statuses, W); }))
    return MPI_SUCCESS;
  WaitGroup G;
  {
    Lock L(C.Parts.Lock);
    for (Request *R : lookupAll(C, Count, Handles))
      if (R)
        G.watch(*R);
  }
  block(C, G);
  Lock L(C.Parts.Lock);
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
  return AnyError ? MPI_ERR_IN_STATUS : MPI_SUCCESS;
}

int Waitall(int Count, MPI_Request Handles[], MPI_Status Statuses[], Where W) {
  return waitallCall(enterBlocking("MPI_Waitall", W), Count, Handles, Statuses, W);
}

static int waitanyCall(Call C, int Count, MPI_Request Handles[], int *Index, MPI_Status *Status,
                       Where W) {
  if (deferToRegion(C, Count, Handles, [=] { return Waitany(Count, Handles, Index, Status, W); }))
    return MPI_SUCCESS;
  WaitGroup G;
  {
    Lock L(C.Parts.Lock);
    if (!awaitAny(C, G, Count, Handles)) {
      *Index = MPI_UNDEFINED;
      setEmptyStatus(Status);
      return MPI_SUCCESS;
    }
  }
  block(C, G);
  Lock L(C.Parts.Lock);
  detach(G, Count, Handles, C);
  std::vector<Request *> Found = lookupAll(C, Count, Handles);
  for (int I = 0; I < Count; ++I)
    if (Found[I] && Found[I]->Complete) {
      *Index = I;
      return finish(C, &Handles[I], *Found[I], Status);
    }
  callError(C, "internal error: woken without a completed request");
}

int Waitany(int Count, MPI_Request Handles[], int *Index, MPI_Status *Status, Where W) {
  return waitanyCall(enterBlocking("MPI_Waitany", W), Count, Handles, Index, Status, W);
}

static int waitsomeCall(Call C, int InCount, MPI_Request Handles[], int *OutCount, int Indices[],
                        MPI_Status Statuses[], Where W) {
  if (deferToRegion(C, InCount, Handles,
                    [=] { return Waitsome(InCount, Handles, OutCount, Indices, Statuses, W); }))
    return MPI_SUCCESS;
  WaitGroup G;
  {
    Lock L(C.Parts.Lock);
    if (!awaitAny(C, G, InCount, Handles)) {
      *OutCount = MPI_UNDEFINED;
      return MPI_SUCCESS;
    }
  }
  block(C, G);
  Lock L(C.Parts.Lock);
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
  return AnyError ? MPI_ERR_IN_STATUS : MPI_SUCCESS;
}

int Waitsome(int InCount, MPI_Request Handles[], int *OutCount, int Indices[],
             MPI_Status Statuses[], Where W) {
  return waitsomeCall(enterBlocking("MPI_Waitsome", W), InCount, Handles, OutCount, Indices,
                      Statuses, W);
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

int Test(MPI_Request *Handle, int *Flag, MPI_Status *Status, Where W) {
  Call C = enterTest("MPI_Test", W);
  return lookTwice(C, [&](bool Final) -> std::optional<int> {
    Request *R = C.Parts.Requests.lookup(*Handle, C.Site);
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

int Testall(int Count, MPI_Request Handles[], int *Flag, MPI_Status Statuses[], Where W) {
  Call C = enterTest("MPI_Testall", W);
  return lookTwice(C, [&](bool Final) -> std::optional<int> {
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

int Testany(int Count, MPI_Request Handles[], int *Index, int *Flag, MPI_Status *Status, Where W) {
  Call C = enterTest("MPI_Testany", W);
  return lookTwice(C, [&](bool Final) -> std::optional<int> {
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
      Request *R = C.Parts.Requests.lookup(Handles[*Index], C.Site);
      return finish(C, &Handles[*Index], *R, Status);
    }
    if (!Final)
      return std::nullopt;
    *Flag = 0;
    *Index = MPI_UNDEFINED;
    return MPI_SUCCESS;
  });
}

int Testsome(int InCount, MPI_Request Handles[], int *OutCount, int Indices[],
             MPI_Status Statuses[], Where W) {
  Call C = enterTest("MPI_Testsome", W);
  return lookTwice(C, [&](bool Final) -> std::optional<int> {
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
      Request *R = C.Parts.Requests.lookup(Handles[I], C.Site);
      if (finish(C, &Handles[I], *R, statusAt(Statuses, Out)) != MPI_SUCCESS)
        AnyError = true;
      ++Out;
    }
    *OutCount = Out;
    return AnyError ? MPI_ERR_IN_STATUS : MPI_SUCCESS;
  });
}

int Request_get_status(MPI_Request Handle, int *Flag, MPI_Status *Status, Where W) {
  Call C = enterTest("MPI_Request_get_status", W);
  return lookTwice(C, [&](bool Final) -> std::optional<int> {
    Request *R = C.Parts.Requests.lookup(Handle, C.Site);
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
  Call C = enter("MPI_Request_free", CallSite::current());
  Lock L(C.Parts.Lock);
  if (*Handle == MPI_REQUEST_NULL)
    callError(C, "MPI_REQUEST_NULL given");
  Request *R = C.Parts.Requests.lookup(*Handle, C.Site); // null: an inactive persistent request
  if (R && R->Kind == RequestKind::Collective)
    callError(C, "the request of a nonblocking collective cannot be freed (MPI: erroneous)");
  C.Parts.Requests.remove(*Handle);
  *Handle = MPI_REQUEST_NULL;
  if (R)
    release(R); // an active request is deleted when it completes
  return MPI_SUCCESS;
}

// MPI_Cancel: only a receive that nothing has matched can be cancelled; it completes at once
// with a status that MPI_Test_cancelled reports. A send is never cancelled (MPI lets a cancel
// fail); the request completes as it would have.
int Cancel(MPI_Request *Handle, Where W) {
  Call C = enter("MPI_Cancel", W);
  Lock L(C.Parts.Lock);
  Request *R = C.Parts.Requests.lookup(*Handle, C.Site);
  if (!R)
    callError(C, "no active request (MPI_REQUEST_NULL, or an inactive persistent request)");
  if (R->Kind == RequestKind::Collective)
    callError(C, "the request of a nonblocking collective cannot be cancelled (MPI: erroneous)");
  if (R->Kind == RequestKind::Recv && !R->Complete)
    C.Parts.Eng.cancelRecv(*R);
  return MPI_SUCCESS;
}

} // namespace bamboo::mpi
