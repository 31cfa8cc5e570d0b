// bamboo/region.h - an olap region: post everything, then wait once.
//
//   {
//     bamboo::Region Region(/*Priority=*/0);
//     co_await bamboo::mpi::Send(...);     // takes the data at the call, never waits
//     co_await bamboo::mpi::Recv(...);     // registers the receive in the firing rule
//     computeInterior();                   // runs before any receive has completed
//     co_await Region.complete();          // suspends once, until every receive is in
//   }
//
// A region belongs to the function that opens it. While it is open, every receive that
// function makes joins the region's firing rule instead of waiting, its MPI_Wait* calls are
// deferred to the end of the region, and its sends take their data at the call; so do the
// calls of plain functions it calls (they cannot wait: `postHalo(buf, &req)`). complete()
// suspends the task until the firing rule holds, then fills the statuses and releases the
// deferred requests, and the task runs again with the region's priority. Collectives and
// probes inside a region run as they would outside it.
//
// A task awaited inside the region (a function that may wait) runs as it would outside any
// region: its waits and receives complete in the call, in program order. Deferring them would
// write their statuses, requests and buffers after the callee's frame is gone (issue 10). A
// wait in the region on a request such a callee started still joins the firing rule.
//
// A region opened in the same function while another is open joins the outer one; a region
// opened in a called task is its own and completes there.
#pragma once

#include "bamboo/task.h"

#include <source_location>

namespace bamboo {

namespace detail {
struct RegionState;
}

class Region {
public:
  explicit Region(int Priority = 0, std::source_location Where = std::source_location::current());
  ~Region();
  Region(const Region &) = delete;
  Region &operator=(const Region &) = delete;

  // Waits for the firing rule; returns MPI_SUCCESS or the first error of a deferred operation.
  Task<int> complete();

private:
  detail::RegionState *State; // owned by the task while open; null for a joined region
};

} // namespace bamboo
