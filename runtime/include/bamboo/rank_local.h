// bamboo/rank_local.h - one instance of a variable per virtual rank.
//
// Several virtual ranks share a process, so a mutable global of an MPI program must exist once
// per rank. The translator moves such globals into a struct held in a RankLocal:
//
//   struct Globals { int Counter = 0; double Grid[64]; };
//   static bamboo::RankLocal<Globals> TheGlobals;
//   ... TheGlobals->Counter++ ...
//
// Each rank's instance is value-initialized on its first use in that rank and destroyed when
// the rank's task ends. Using a RankLocal outside a task is a fatal error.
#pragma once

#include <cstddef>

namespace bamboo {

namespace detail {
// The running task's table of rank-local instances, switched by the scheduler.
struct RankLocalTable {
  void **Slots = nullptr;
  std::size_t Size = 0;
};
extern thread_local constinit RankLocalTable CurrentRankLocals;

std::size_t allocateRankLocalSlot();
void *createRankLocal(std::size_t Slot, void *(*Create)(), void (*Destroy)(void *));
} // namespace detail

template <class T> class RankLocal {
public:
  RankLocal() : Slot(detail::allocateRankLocalSlot()) {}
  RankLocal(const RankLocal &) = delete;
  RankLocal &operator=(const RankLocal &) = delete;

  T &get() {
    auto &Table = detail::CurrentRankLocals;
    if (Slot < Table.Size && Table.Slots[Slot]) [[likely]]
      return *static_cast<T *>(Table.Slots[Slot]);
    return *static_cast<T *>(detail::createRankLocal(Slot, &create, &destroy));
  }
  T *operator->() { return &get(); }
  T &operator*() { return get(); }

private:
  static void *create() { return new T(); }
  static void destroy(void *P) { delete static_cast<T *>(P); }
  std::size_t Slot;
};

} // namespace bamboo
