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
thread_local RankTask *TeamRank = nullptr; // the rank whose OpenMP team this thread is in
} // namespace

RankTask *currentTask() noexcept { return CurrentTask; }

RankTask *rankOfThisThread() noexcept { return CurrentTask ? CurrentTask : TeamRank; }

TeamMembership::TeamMembership(RankTask *Rank) noexcept
    : Previous(TeamRank), PreviousLocals(CurrentRankLocals) {
  TeamRank = Rank;
  CurrentRankLocals = Rank->Locals.table();
}

TeamMembership::~TeamMembership() {
  TeamRank = Previous;
  CurrentRankLocals = PreviousLocals;
}

void setCurrentTask(RankTask *T) noexcept {
  CurrentTask = T;
  CurrentRankLocals = T ? T->Locals.table() : RankLocalTable{};
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

} // namespace detail

void yield() {
  if (!detail::currentTask())
    return;
  detail::Call C = detail::enter("bamboo::yield", CallSite::current());
  detail::yieldTurn(C);
}

} // namespace bamboo
