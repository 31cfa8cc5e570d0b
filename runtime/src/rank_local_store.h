// rank_local_store.h - one rank's instances of its rank-local variables.
//
// A thread reads its rank's instances through a table (RankLocalTable) without a lock: the
// rank's own thread, and the threads of an OpenMP team working for the rank (openmp_teams.cpp),
// which may make instances at the same time. So a table once handed out stays readable for the
// rank's life: growing copies it into a larger one and keeps the old. A reader whose table is
// older than an instance simply misses, and looks again under the lock (rank_local.cpp).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace bamboo::detail {

struct RankLocalTable {
  void **Slots = nullptr;
  std::size_t Size = 0;
  // Slots are read and written as atomics: an instance is published by one thread and found
  // by the others.
  std::atomic_ref<void *> at(std::size_t Slot) const {
    return std::atomic_ref<void *>(Slots[Slot]);
  }
};

class RankLocalStore {
public:
  RankLocalStore() = default;
  RankLocalStore(const RankLocalStore &) = delete;
  RankLocalStore &operator=(const RankLocalStore &) = delete;
  ~RankLocalStore() = default; // instances not destroyed (a deadlocked rank's) are left

  // Held while an instance is made (FirstUseGuard), which may take a while and may make others.
  std::recursive_mutex FirstUse;

  // The newest table.
  RankLocalTable table() const { return *Newest.load(std::memory_order_acquire); }
  // Keeps Instance in Slot (growing the table to at least MinSize slots) unless the slot has
  // one already; returns the instance kept. Destroy is called for it in destroyAll.
  void *adopt(std::size_t Slot, void *Instance, void (*Destroy)(void *), std::size_t MinSize);
  // Destroys every instance, in reverse order of slots (of declaration), on the rank's own
  // thread as it ends; a destructor may still use the instances not yet destroyed. The team
  // threads' instances of thread-local variables go first, as threads end before a program.
  void destroyAll();

  // Names this store among every rank's, ever (a team thread's index of its instances,
  // rank_local.cpp, outlives a rank).
  const std::uint64_t Id = nextId();
  // Keeps an instance of a thread-local variable that a thread of the rank's OpenMP team made
  // for itself, to destroy it in destroyAll.
  void keepTeamInstance(void *Instance, void (*Destroy)(void *));

private:
  std::mutex Lock; // held by adopt and destroyAll; readers of a table take no lock
  struct Generation {
    std::unique_ptr<void *[]> Slots;
    RankLocalTable View;
  };
  static constexpr RankLocalTable Empty{};
  std::vector<std::unique_ptr<Generation>> Generations; // every table handed out
  std::atomic<const RankLocalTable *> Newest{&Empty};
  std::vector<void (*)(void *)> Destroyers;
  std::vector<std::pair<void *, void (*)(void *)>> TeamInstances;
  static std::uint64_t nextId();
};

} // namespace bamboo::detail
