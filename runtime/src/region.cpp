// region.cpp - olap regions: collect receives and waits, then suspend once.
#include "bamboo/region.h"

#include "api_support.h"
#include "region_state.h"

#include <exception>

namespace bamboo {

using namespace detail;

Region::Region(int Priority, std::source_location Where) : State(nullptr) {
  Call C = enter("olap region", Where);
  if (C.Region)
    return; // joins the region already open in this function
  State = new RegionState;
  State->Owner = &C.Rank;
  State->Priority = Priority;
  State->Site = C.Site;
  State->Depth = C.Rank.AwaitDepth;
  // A region of a task called inside another region is a region of its own: the caller's is
  // set aside until this one completes.
  State->Outer = C.Rank.OpenRegion;
  C.Rank.OpenRegion = State;
}

Region::~Region() {
  if (!State)
    return;
  if (State->Owner->OpenRegion == State) {
    // Receives are still registered into buffers that are going out of scope.
    fatalError("rank " + std::to_string(State->Owner->WorldRank) + ": olap region at " +
               describe(State->Site.Where) + " was left without completing" +
               (std::uncaught_exceptions() ? " (an exception escaped it)" : ""));
  }
  delete State;
}

Task<int> Region::complete() {
  if (!State)
    co_return MPI_SUCCESS;
  Call C = enter("olap region", State->Site.Where);
  RegionState &S = *State;
  if (C.Rank.OpenRegion != State)
    callError(C, "olap region completed twice");
  C.Rank.OpenRegion = S.Outer; // the deferred calls below run as they would outside

  WaitGroup G;
  G.WakePriority = S.Priority;
  {
    std::lock_guard L(C.Parts.Lock);
    // The region's sends leave now: the task may go on computing without suspending.
    C.Parts.Net.flush();
    for (Request *R : S.Held)
      G.watch(*R);
  }
  co_await Block(C, G); // the only suspension of the region

  int FirstError = MPI_SUCCESS;
  {
    std::lock_guard L(C.Parts.Lock);
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
    int Code = co_await Finish();
    if (Code != MPI_SUCCESS && FirstError == MPI_SUCCESS)
      FirstError = Code;
  }
  S.Deferred.clear();
  co_return FirstError;
}

} // namespace bamboo
