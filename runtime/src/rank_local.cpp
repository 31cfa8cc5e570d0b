// rank_local.cpp - per-rank instances of bamboo::RankLocal variables.
#include "bamboo/rank_local.h"

#include "fatal_error.h"
#include "rank_task.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace bamboo::detail {

thread_local constinit RankLocalTable CurrentRankLocals;

namespace {
std::atomic<std::size_t> NextSlot{0};
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

namespace {

// This thread's table is older than the instance, or the instance is not made yet.
[[gnu::noinline, gnu::cold]] void *findRankLocalAfresh(std::size_t Slot) noexcept {
  RankTask *T = rankOfThisThread();
  if (!T)
    return nullptr;
  CurrentRankLocals = T->Locals.table();
  return Slot < CurrentRankLocals.Size ? CurrentRankLocals.at(Slot).load(std::memory_order_acquire)
                                       : nullptr;
}
} // namespace

void *findRankLocal(std::size_t Slot) noexcept {
  if (Slot < CurrentRankLocals.Size) [[likely]]
    if (void *Instance = CurrentRankLocals.at(Slot).load(std::memory_order_acquire)) [[likely]]
      return Instance;
  return findRankLocalAfresh(Slot);
}

void *teamThreadInstance(std::size_t Slot, void *(*Make)(void *), void *Context,
                         void (*Destroy)(void *)) {
  RankTask *T = rankOfThisThread();
  if (!T || T == currentTask())
    return nullptr;
  // This thread's instances, by rank (a pooled thread joins the teams of several) and slot.
  // Only this thread reads or makes them; the rank's store destroys them.
  thread_local std::map<std::pair<std::uint64_t, std::size_t>, void *> Mine;
  std::pair Key(T->Locals.Id, Slot);
  if (auto Found = Mine.find(Key); Found != Mine.end())
    return Found->second;
  void *Instance = Make(Context);
  T->Locals.keepTeamInstance(Instance, Destroy);
  Mine.emplace(Key, Instance);
  return Instance;
}

FirstUseGuard::FirstUseGuard() : Held(nullptr) {
  if (RankTask *T = rankOfThisThread()) {
    T->Locals.FirstUse.lock();
    Held = &T->Locals.FirstUse;
  }
}

FirstUseGuard::~FirstUseGuard() {
  if (Held)
    static_cast<std::recursive_mutex *>(Held)->unlock();
}

void *adoptRankLocal(std::size_t Slot, void *Instance, void (*Destroy)(void *)) {
  RankTask *T = rankOfThisThread();
  if (!T) {
    Destroy(Instance);
    fatalError("a per-rank (privatized) variable was used outside a virtual rank: by a thread "
               "that neither runs a rank nor is in a rank's OpenMP team");
  }
  void *Kept = T->Locals.adopt(Slot, Instance, Destroy, NextSlot.load());
  CurrentRankLocals = T->Locals.table();
  // Instance's own initializer used this variable (a cycle): keep the first instance.
  if (Kept != Instance)
    Destroy(Instance);
  return Kept;
}

} // namespace bamboo::detail
