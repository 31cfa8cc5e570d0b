// broadcast_tree.h - the route of a broadcast over processes, and the tree it travels along.
//
// docs/collective-detection.md. A route lists the processes a broadcast reaches, the root's own
// first, and for each the world ranks it delivers to there. A record carries a slice of the
// route; the process at the slice's start delivers to its ranks and passes each half it does
// not keep to that half's first process (a binomial tree: the root sends ceil(log2 n) records,
// and no process is more than ceil(log2 n) hops from it).
#pragma once

#include <span>
#include <vector>

namespace bamboo::detail {

struct BroadcastRoute {
  std::vector<int> Processes;
  // The world ranks each process delivers to, process after process: those of process I are
  // Ranks[FirstRank[I]] up to Ranks[FirstRank[I + 1]]. Flat, so that reading a slice off the
  // wire costs three allocations whatever the number of processes.
  std::vector<int> FirstRank{0};
  std::vector<int> Ranks;

  void addProcess(int Process) {
    Processes.push_back(Process);
    FirstRank.push_back(FirstRank.back());
  }
  void addRank(int WorldRank) { // to the last process added
    Ranks.push_back(WorldRank);
    ++FirstRank.back();
  }
  std::span<const int> ranksOf(int I) const {
    return {Ranks.data() + FirstRank[I], Ranks.data() + FirstRank[I + 1]};
  }
  bool operator==(const BroadcastRoute &) const = default;
};

// A slice [Begin, End) of a route's processes.
struct RouteSlice {
  int Begin = 0, End = 0;
  bool operator==(const RouteSlice &) const = default;
};

// The slices the first process of [Begin, End) passes on, in the order it sends them (the
// largest first): it sends the upper half of what it holds, then the upper half of the rest,
// until only itself is left.
std::vector<RouteSlice> passedOn(RouteSlice Held);

} // namespace bamboo::detail
