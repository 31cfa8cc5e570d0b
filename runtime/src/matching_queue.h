// matching_queue.h - receives posted, or messages not yet received, in the order MPI matches
// them (oldest first), kept per source: finding the oldest that matches an envelope from one
// source looks at that source's items and at those posted for MPI_ANY_SOURCE, not at every
// source's. One deque for everything made a root receiving from P ranks scan P/2 items a
// message, P^2/2 a gather (docs/scale.md).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include <mpi.h>

namespace bamboo::detail {

template <class T> class MatchingQueue {
public:
  MatchingQueue() = default;
  // NonEmpty points into BySource's elements: a move keeps them, a copy would not.
  MatchingQueue(MatchingQueue &&) = default;
  MatchingQueue &operator=(MatchingQueue &&) = default;
  MatchingQueue(const MatchingQueue &) = delete;
  MatchingQueue &operator=(const MatchingQueue &) = delete;

  // Source: the item's source, MPI_ANY_SOURCE for a receive that takes any.
  void push(int Source, T Item) {
    SourceQueue &Q = BySource[Source];
    if (Q.Items.empty()) {
      Q.Slot = NonEmpty.size();
      NonEmpty.push_back(&Q);
    }
    Q.Items.push_back(Entry{Next++, std::move(Item)});
    ++Count;
  }

  // The oldest item that can match Source (MPI_ANY_SOURCE: from any source) and satisfies
  // Match, taken out of the queue.
  template <class Pred> std::optional<T> take(int Source, Pred &&Match) {
    Found F = find(Source, Match);
    if (!F.Queue)
      return std::nullopt;
    T Item = std::move(F.At->Item);
    erase(*F.Queue, F.At);
    return Item;
  }

  // The same, left in the queue (find() only looks; it is shared with take()).
  template <class Pred> const T *peek(int Source, Pred &&Match) const {
    Found F = const_cast<MatchingQueue *>(this)->find(Source, Match);
    return F.Queue ? &F.At->Item : nullptr;
  }

  // Removes Item, pushed with Source; false if it is not here.
  template <class U> bool remove(int Source, const U &Item) {
    auto Queue = BySource.find(Source);
    if (Queue == BySource.end())
      return false;
    std::deque<Entry> &Items = Queue->second.Items;
    auto It =
        std::find_if(Items.begin(), Items.end(), [&](const Entry &E) { return E.Item == Item; });
    if (It == Items.end())
      return false;
    erase(Queue->second, It);
    return true;
  }

  // Every item, oldest first.
  std::vector<const T *> inOrder() const {
    std::vector<const Entry *> Entries;
    for (const SourceQueue *Q : NonEmpty)
      for (const Entry &E : Q->Items)
        Entries.push_back(&E);
    std::ranges::sort(Entries, {}, &Entry::Order);
    std::vector<const T *> Items;
    for (const Entry *E : Entries)
      Items.push_back(&E->Item);
    return Items;
  }

  std::size_t size() const { return Count; }
  bool empty() const { return Count == 0; }

private:
  struct Entry {
    std::uint64_t Order;
    T Item;
  };
  struct SourceQueue {
    std::deque<Entry> Items;
    std::size_t Slot = 0; // its place in NonEmpty while it holds items
  };
  struct Found {
    SourceQueue *Queue = nullptr;
    typename std::deque<Entry>::iterator At;
  };

  void erase(SourceQueue &Q, typename std::deque<Entry>::iterator At) {
    Q.Items.erase(At);
    --Count;
    if (!Q.Items.empty())
      return;
    NonEmpty[Q.Slot] = NonEmpty.back();
    NonEmpty[Q.Slot]->Slot = Q.Slot;
    NonEmpty.pop_back();
  }

  template <class Pred> static void oldestIn(SourceQueue &Q, Pred &Match, Found &Best) {
    auto It =
        std::find_if(Q.Items.begin(), Q.Items.end(), [&](const Entry &E) { return Match(E.Item); });
    if (It != Q.Items.end() && (!Best.Queue || It->Order < Best.At->Order))
      Best = Found{&Q, It};
  }

  template <class Pred> Found find(int Source, Pred &Match) {
    Found Best;
    if (Count == 0)
      return Best;
    if (Source == MPI_ANY_SOURCE) { // any source's oldest: every queue's first match
      for (SourceQueue *Q : NonEmpty)
        oldestIn(*Q, Match, Best);
      return Best;
    }
    if (auto Own = BySource.find(Source); Own != BySource.end())
      oldestIn(Own->second, Match, Best);
    if (auto Any = BySource.find(MPI_ANY_SOURCE); Any != BySource.end())
      oldestIn(Any->second, Match, Best);
    return Best;
  }

  // A queue stays when it empties (a rank hears from the same sources again), so a wildcard
  // looks only at the queues in NonEmpty: as many as there are sources with items, not every
  // source ever heard from. Elements of an unordered_map keep their address.
  std::unordered_map<int, SourceQueue> BySource;
  std::vector<SourceQueue *> NonEmpty;
  std::uint64_t Next = 0;
  std::size_t Count = 0;
};

} // namespace bamboo::detail
