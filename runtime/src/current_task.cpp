// current_task.cpp - which runtime and which virtual rank a thread is running, and the
// trampoline that resumes coroutines without growing the stack.
#include "runtime_core.h"

#include "bamboo/rank_local.h"
#include "bamboo/runtime.h"
#include "fatal_error.h"
#include "fault.h"

namespace bamboo {
namespace detail {
namespace {
Runtime *TheRuntime = nullptr;
thread_local RankTask *CurrentTask = nullptr;
thread_local std::coroutine_handle<> NextToResume;
} // namespace

std::coroutine_handle<> &nextToResume() noexcept { return NextToResume; }

void runTrampoline(std::coroutine_handle<> H) {
  // Resuming may start another trampoline (runSynchronously inside a task); keep ours.
  NextToResume = H;
  while (NextToResume) {
    std::coroutine_handle<> Current = NextToResume;
    NextToResume = nullptr;
    Current.resume();
  }
}

RankTask *currentTask() noexcept { return CurrentTask; }

void setCurrentTask(RankTask *T) noexcept {
  CurrentTask = T;
  CurrentRankLocals = T ? RankLocalTable{T->Locals.data(), T->Locals.size()} : RankLocalTable{};
  setSignalRank(T ? T->WorldRank : -1);
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

namespace {
struct YieldAwaiter {
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> H) {
    detail::RankTask &T = *detail::currentTask();
    T.ResumePoint = H;
    std::lock_guard L(T.Parts->Lock);
    T.Waiting = detail::WaitSite{"bamboo::yield", std::source_location::current()};
    T.WakePending = true;
    T.WakePriority = detail::YieldPriority;
  }
  void await_resume() const noexcept {}
};
} // namespace

Task<> yield() {
  if (!detail::currentTask())
    co_return;
  co_await YieldAwaiter{};
}

} // namespace bamboo
