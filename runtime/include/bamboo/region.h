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
// While a region is open in a task, every receive of that task (also in called functions)
// joins the region's firing rule instead of waiting, MPI_Wait* calls are deferred to the end
// of the region, and every send takes its data at the call. complete() suspends the task
// until the firing rule holds, then fills the statuses and releases the deferred requests,
// and the task runs again with the region's priority. Collectives and probes inside a region
// run as they would outside it.
//
// A region opened while another is open in the same task joins the outer one.
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
