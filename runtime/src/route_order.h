// route_order.h - messages from one root that come two ways, taken in the order sent.
//
// docs/collective-detection.md. A root that broadcasts along a tree sends its messages on that
// communicator either directly or along the tree, and a change of way is announced along the
// old way: the first tree broadcast's direct copy carries a mark, and a marker along the tree
// ends it. This process takes what comes by the root's current way, and holds what comes by
// the other until the announcement has arrived. Records that come the way they always did
// (no root here has ever used a tree) pass straight through.
//
// Every member runs under the engine lock.
#pragma once

#include "message.h"

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace bamboo::detail {

enum class Way : unsigned char { Direct, Tree };

// What one record brings this process: messages for its ranks, then perhaps a change of the
// root's way.
struct RouteArrival {
  Way By = Way::Direct;
  std::vector<std::pair<int, std::unique_ptr<Message>>> Messages; // (world rank, message)
  std::optional<Way> Then;
};

class RouteOrder {
public:
  // Whether records from SourceWorld on Context need ordering here: some came along a tree.
  bool tracks(int SourceWorld, int Context) const {
    return !Roots.empty() && Roots.count({SourceWorld, Context}) > 0;
  }
  // Deliver(world rank, message) for A's messages now, in order with what came before by the
  // root's current way, or later, when A's way is the current one.
  template <class Deliver> void arrive(int SourceWorld, int Context, RouteArrival A, Deliver &&D);
  // Records held until a change of way arrives: a frame is still on its way.
  bool holding() const { return Holding > 0; }

private:
  struct Root {
    Way Current = Way::Direct;
    std::deque<RouteArrival> Held; // all of one way, not the current one
  };
  template <class Deliver> static void take(Root &R, RouteArrival &A, Deliver &D);

  std::map<std::pair<int, int>, Root> Roots;
  std::size_t Holding = 0;
};

template <class Deliver> void RouteOrder::take(Root &R, RouteArrival &A, Deliver &D) {
  for (auto &[Rank, M] : A.Messages)
    D(Rank, std::move(M));
  if (A.Then)
    R.Current = *A.Then;
}

template <class Deliver>
void RouteOrder::arrive(int SourceWorld, int Context, RouteArrival A, Deliver &&D) {
  auto Key = std::make_pair(SourceWorld, Context);
  Root &R = Roots[Key];
  if (A.By != R.Current) {
    R.Held.push_back(std::move(A));
    ++Holding;
    return;
  }
  take(R, A, D);
  while (!R.Held.empty() && R.Held.front().By == R.Current) {
    RouteArrival Next = std::move(R.Held.front());
    R.Held.pop_front();
    --Holding;
    take(R, Next, D);
  }
  if (R.Held.empty() && R.Current == Way::Direct)
    Roots.erase(Key); // back to how every other root's records come
}

} // namespace bamboo::detail
