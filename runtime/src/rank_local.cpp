// rank_local.cpp - per-rank instances of bamboo::RankLocal variables.
#include "bamboo/rank_local.h"

#include "fatal_error.h"
#include "rank_task.h"

#include <atomic>
#include <mutex>
#include <vector>

namespace bamboo::detail {

thread_local constinit RankLocalTable CurrentRankLocals;

namespace {
std::atomic<std::size_t> NextSlot{0};
// The sole worker's running rank, for threads the rank starts (shareRankLocalsOfThisThread).
std::atomic<const RankLocalTable *> SoleWorkerLocals{nullptr};
std::atomic<RankTask *const *> SoleWorkerTask{nullptr};
std::mutex SharedAdoption; // first uses from several such threads at once
const RankLocalTable NoLocals;
} // namespace

std::size_t allocateRankLocalSlot() { return NextSlot.fetch_add(1); }

namespace {
struct BeforeMainLocal {
  void (*Make)(void *);
  void *Local;
};
// Filled by static initializers of any file: constructed on first use.
std::vector<BeforeMainLocal> &beforeMainLocals() {
  static std::vector<BeforeMainLocal> Locals;
  return Locals;
}
} // namespace

void registerBeforeMain(void (*Make)(void *), void *Local) {
  beforeMainLocals().push_back({Make, Local});
}

void makeBeforeMainLocals() {
  for (const BeforeMainLocal &L : beforeMainLocals())
    L.Make(L.Local);
}

void *findRankLocal(std::size_t Slot) noexcept {
  const RankLocalTable *Table = &CurrentRankLocals;
  if (!Table->Slots) [[unlikely]] { // not a worker's thread, or no instance yet
    const RankLocalTable *Shared = SoleWorkerLocals.load(std::memory_order_acquire);
    Table = Shared ? Shared : &NoLocals;
  }
  return Slot < Table->Size ? Table->Slots[Slot] : nullptr;
}

void shareRankLocalsOfThisThread(RankTask *const *Current) noexcept {
  SoleWorkerLocals.store(Current ? &CurrentRankLocals : nullptr, std::memory_order_release);
  SoleWorkerTask.store(Current, std::memory_order_release);
}

void *adoptRankLocal(std::size_t Slot, void *Instance, void (*Destroy)(void *)) {
  RankTask *T = currentTask();
  std::unique_lock<std::mutex> Shared;
  if (!T) { // a thread the running rank started, if the process has one worker
    RankTask *const *Sole = SoleWorkerTask.load(std::memory_order_acquire);
    T = Sole ? *Sole : nullptr;
    Shared = std::unique_lock(SharedAdoption);
  }
  if (!T) {
    Destroy(Instance);
    fatalError("a per-rank (privatized) variable was used outside a virtual rank (or by a "
               "thread of a process with BAMBOO_WORKERS > 1)");
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
  if (!Shared)
    CurrentRankLocals = RankLocalTable{T->Locals.data(), T->Locals.size()};
  else if (const RankLocalTable *Table = SoleWorkerLocals.load(std::memory_order_acquire))
    // The worker is inside the rank's code, waiting for its threads.
    const_cast<RankLocalTable &>(*Table) = RankLocalTable{T->Locals.data(), T->Locals.size()};
  return Instance;
}

} // namespace bamboo::detail
