// rank_local_store.cpp - see rank_local_store.h.
#include "rank_local_store.h"

#include <algorithm>
#include <atomic>
#include <utility>

namespace bamboo::detail {

void *RankLocalStore::adopt(std::size_t Slot, void *Instance, void (*Destroy)(void *),
                            std::size_t MinSize) {
  std::lock_guard L(Lock);
  RankLocalTable Current = table();
  if (Slot >= Current.Size) {
    auto Grown = std::make_unique<Generation>();
    std::size_t Size = std::max({Slot + 1, MinSize, 2 * Current.Size});
    Grown->Slots = std::make_unique<void *[]>(Size); // null-initialized
    for (std::size_t I = 0; I < Current.Size; ++I)
      Grown->Slots[I] = Current.at(I).load(std::memory_order_relaxed);
    Grown->View = Current = RankLocalTable{Grown->Slots.get(), Size};
    Newest.store(&Grown->View, std::memory_order_release);
    Generations.push_back(std::move(Grown));
    Destroyers.resize(Size, nullptr);
  }
  if (void *Kept = Current.at(Slot).load(std::memory_order_relaxed))
    return Kept;
  Destroyers[Slot] = Destroy;
  Current.at(Slot).store(Instance, std::memory_order_release);
  return Instance;
}

std::uint64_t RankLocalStore::nextId() {
  static std::atomic<std::uint64_t> Next{0};
  return Next.fetch_add(1, std::memory_order_relaxed);
}

void RankLocalStore::keepTeamInstance(void *Instance, void (*Destroy)(void *)) {
  std::lock_guard L(Lock);
  TeamInstances.emplace_back(Instance, Destroy);
}

void RankLocalStore::destroyAll() {
  std::vector<std::pair<void *, void (*)(void *)>> Team;
  {
    std::lock_guard L(Lock);
    Team.swap(TeamInstances);
  }
  for (auto It = Team.rbegin(); It != Team.rend(); ++It)
    It->second(It->first);
  // A destructor may use an instance not yet destroyed, or make one (the table grows), so the
  // table is read afresh each time, and a destroyed instance leaves every table, old ones too.
  for (std::size_t I = table().Size; I-- > 0;) {
    void *Instance = nullptr;
    void (*Destroy)(void *);
    {
      std::lock_guard L(Lock);
      for (const auto &G : Generations)
        if (I < G->View.Size)
          if (void *Kept = G->View.at(I).exchange(nullptr, std::memory_order_acq_rel))
            Instance = Kept;
      Destroy = Destroyers[I];
    }
    if (Instance)
      Destroy(Instance);
  }
}

} // namespace bamboo::detail
