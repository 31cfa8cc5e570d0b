// region_state.h - what an open olap region has collected.
#pragma once

#include "request.h"
#include "wait_site.h"

#include <functional>
#include <utility>
#include <vector>

namespace bamboo::detail {

struct RankTask;

struct RegionState {
  RankTask *Owner = nullptr;
  int Priority = 0;
  WaitSite Site;
  // The region open when this one was opened (by a called function); open again after it.
  RegionState *Outer = nullptr;

  // The firing rule: requests that must complete before the task continues, each held once.
  std::vector<Request *> Held;
  // MPI_Recv calls of the region: their statuses are filled at the end.
  std::vector<std::pair<Request *, MPI_Status *>> Receives;
  // MPI_Wait* calls of the region, finished at the end, in program order.
  std::vector<std::function<int()>> Deferred;

  // Under the engine lock.
  void hold(Request *R) {
    for (Request *H : Held)
      if (H == R)
        return;
    ++R->Holders;
    Held.push_back(R);
  }
  // A blocking receive of the region (MPI_Recv, MPI_Mrecv): R's one holder is the region, and
  // Status is filled at its end.
  void receive(Request *R, MPI_Status *Status) {
    Held.push_back(R);
    Receives.emplace_back(R, Status);
  }
};

} // namespace bamboo::detail
