//===- Consensus.h - One order from several prioritized partial orders -*- C++
//-*-===//
//
// The reordering of communication (SPEC section 4, issue 19) asks several
// partial orders over a block's items what should come first, in rank order:
// data dependence (which nothing may break), then overlap (starts early,
// completions late), then lower tags first, then region priority. Each is a
// comparator or a sort key. The consensus keeps every edge of the first order,
// then adds each later order's edges that contradict nothing kept (would close
// no cycle), and sorts topologically with the written order breaking ties, so
// a block no order constrains keeps its layout.
//
// Items are the indices 0..N-1 in written order; the library knows nothing of
// statements or MPI.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_REORDER_CONSENSUS_H
#define BAMBOO_REORDER_CONSENSUS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace bamboo::reorder {

/// Whether item \p A should come before item \p B (A != B).
using Comparator = llvm::function_ref<bool(unsigned A, unsigned B)>;

/// An item's key: keyed items should come in increasing key order; an item
/// without a key is unconstrained by this order.
using SortKey = llvm::function_ref<std::optional<long>(unsigned Item)>;

class Consensus {
public:
  /// An edge one order asked for and the consensus did not keep, because the
  /// edges kept before it already order \p After before \p Before.
  struct Rejection {
    unsigned Before;
    unsigned After;
    unsigned Order; ///< index in orders(): which order asked
  };

  explicit Consensus(unsigned Items);

  unsigned size() const { return Items; }

  /// The first order: every edge it gives is kept. An error names a cycle
  /// if its edges contradict each other (the caller's model is wrong).
  llvm::Error require(llvm::StringRef Name, Comparator Before);

  /// A later order: each of its edges is kept unless it contradicts the
  /// edges kept so far. Pairs are asked in written order of the first item,
  /// then of the second, so an earlier item's preferences win.
  void prefer(llvm::StringRef Name, Comparator Before);
  void prefer(llvm::StringRef Name, SortKey Key);

  /// The items in the consensus order: a topological order of the kept
  /// edges, the earliest-written available item first.
  std::vector<unsigned> order() const;

  /// Whether the kept edges put \p A before \p B (transitively).
  bool precedes(unsigned A, unsigned B) const { return Reach[A].test(B); }

  /// A shortest chain of kept edges from \p From to \p To (both included),
  /// each step with the order that gave it; empty if none. This is why an
  /// edge \p To -> \p From was rejected.
  struct Step {
    unsigned Item;
    unsigned Order; ///< the order of the edge into Item (unused for the first)
  };
  std::vector<Step> chain(unsigned From, unsigned To) const;

  /// The names of the orders, in rank order.
  llvm::ArrayRef<std::string> orders() const { return Names; }
  llvm::ArrayRef<Rejection> rejections() const { return Rejected; }

private:
  /// Adds A -> B if it closes no cycle; returns whether it was kept.
  bool addEdge(unsigned A, unsigned B, unsigned Order);

  unsigned Items;
  std::vector<std::string> Names;
  /// Kept edges: Succ[A] lists (B, order).
  std::vector<std::vector<std::pair<unsigned, unsigned>>> Succ;
  /// Transitive closure of the kept edges: Reach[A].test(B) iff A before B.
  std::vector<llvm::BitVector> Reach;
  std::vector<Rejection> Rejected;
};

} // namespace bamboo::reorder

#endif // BAMBOO_REORDER_CONSENSUS_H
