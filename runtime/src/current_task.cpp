// current_task.cpp - which runtime and which virtual rank a thread is running.
#include "runtime_core.h"

#include "api_support.h"

#include "bamboo/rank_local.h"
#include "bamboo/runtime.h"
#include "fatal_error.h"
#include "fault.h"

namespace bamboo {
namespace detail {
namespace {
Runtime *TheRuntime = nullptr;
thread_local RankTask *CurrentTask = nullptr;
} // namespace

RankTask *currentTask() noexcept { return CurrentTask; }

void setCurrentTask(RankTask *T) noexcept {
  CurrentTask = T;
  CurrentRankLocals = T ? RankLocalTable{T->Locals.data(), T->Locals.size()} : RankLocalTable{};
  setSignalContext(T ? SignalContext{T->WorldRank, T->Thread->guardBegin(), T->Thread->guardEnd(),
                                     T->Thread->stackSize()}
                     : SignalContext{});
}

Runtime *runtimeIfRunning() noexcept { return TheRuntime; }

Runtime &runtime() {
  if (!TheRuntime)
    fatalError("an MPI call was made outside bamboo::run");
  return *TheRuntime;
}

void setRuntime(Runtime *RT) noexcept { TheRuntime = RT; }

RankTask *const *currentTaskSlot() noexcept { return &CurrentTask; }

} // namespace detail

void yield() {
  if (!detail::currentTask())
    return;
  detail::Call C = detail::enter("bamboo::yield", CallSite::current());
  detail::yieldTurn(C);
}

} // namespace bamboo
