// rank_local.cpp - per-rank instances of bamboo::RankLocal variables.
#include "bamboo/rank_local.h"

#include "rank_task.h"
#include "runtime_core.h"

#include <atomic>

namespace bamboo::detail {

thread_local constinit RankLocalTable CurrentRankLocals;

namespace {
std::atomic<std::size_t> NextSlot{0};
}

std::size_t allocateRankLocalSlot() { return NextSlot.fetch_add(1); }

void *adoptRankLocal(std::size_t Slot, void *Instance, void (*Destroy)(void *)) {
  RankTask *T = currentTask();
  if (!T) {
    Destroy(Instance);
    fatalError("a per-rank (privatized) variable was used outside a virtual rank");
  }
  if (Slot >= T->Locals.size()) {
    std::size_t Size = std::max(Slot + 1, NextSlot.load());
    T->Locals.resize(Size, nullptr);
    T->LocalDestroyers.resize(Size, nullptr);
  }
  if (T->Locals[Slot]) {
    // The initializer itself used this variable (a cycle): keep the first instance.
    Destroy(Instance);
    return T->Locals[Slot];
  }
  T->Locals[Slot] = Instance;
  T->LocalDestroyers[Slot] = Destroy;
  CurrentRankLocals = RankLocalTable{T->Locals.data(), T->Locals.size()};
  return Instance;
}

} // namespace bamboo::detail
