// broadcast_tree.cpp - the halves of a broadcast's route that each process passes on.
#include "broadcast_tree.h"

namespace bamboo::detail {

std::vector<RouteSlice> passedOn(RouteSlice Held) {
  std::vector<RouteSlice> Halves;
  while (Held.End - Held.Begin > 1) {
    int Mid = Held.Begin + (Held.End - Held.Begin + 1) / 2;
    Halves.push_back(RouteSlice{Mid, Held.End});
    Held.End = Mid;
  }
  return Halves;
}

} // namespace bamboo::detail
