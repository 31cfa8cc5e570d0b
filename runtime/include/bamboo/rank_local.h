// bamboo/rank_local.h - one instance of a variable per virtual rank.
//
// Several virtual ranks share a process, so a mutable global or static variable of an MPI
// program must exist once per rank. The translator keeps such a variable in a RankLocal:
//
//   struct BambooGlobal_counter { int counter = 0; };           // a global
//   static bamboo::RankLocal<BambooGlobal_counter> bambooGlobal_counter;
//   ... bambooGlobal_counter->counter++ ...
//
//   static bamboo::RankLocal<std::vector<double>> bambooStatic_buf;  // a static local
//   std::vector<double> &buf = bambooStatic_buf.once([&] { return std::vector<double>(n); });
//
// A rank's instance is made on its first use in that rank: value-initialized by get() and
// operator->, or from the initializer given to once() (as a static local is initialized the
// first time control passes its declaration); with beforeMain, as the rank starts. It is destroyed
// when the rank's task ends. Using a RankLocal outside a task is a fatal error.
#pragma once

#include <cstddef>
#include <utility>

namespace bamboo {

namespace detail {
// The instance in Slot of the rank this thread works for (its own, or the one whose OpenMP team
// it is in), or null if the rank has none yet.
//
// Out of line: compilers treat a thread_local's address as constant within a function, and a
// call computes it on the thread that makes it. (Ranks never change workers, RankTask::Worker,
// so this is a second line of defence.)
void *findRankLocal(std::size_t Slot) noexcept;

std::size_t allocateRankLocalSlot();
// RankLocals made with beforeMain, in the order they were constructed, and making them all in
// the running rank (the runtime does it as each rank starts).
void registerBeforeMain(void (*Make)(void *), void *Local);
void makeBeforeMainLocals();
// Stores a new instance in the running task's Slot (a fatal error outside a task) and returns
// the instance kept: Instance, or the one made meanwhile by Instance's own initializer.
void *adoptRankLocal(std::size_t Slot, void *Instance, void (*Destroy)(void *));
// A fatal error naming the variable if this thread works for a rank without being its own thread
// (a thread of the rank's OpenMP team): ThreadStorage below.
void refuseTeamThreadUse(const char *Name);
// Held while a rank makes an instance: one thread of the rank at a time (its own thread, or one
// of its OpenMP team), the same thread again inside an initializer. Nothing outside a rank.
class FirstUseGuard {
public:
  FirstUseGuard();
  ~FirstUseGuard();
  FirstUseGuard(const FirstUseGuard &) = delete;
  FirstUseGuard &operator=(const FirstUseGuard &) = delete;

private:
  void *Held;
};
} // namespace detail

// RankLocal<T> X{beforeMain}: every rank makes its instance before its main runs, in the order
// such variables were constructed (a file's in declaration order), as C++ initializes globals.
// A global made at its first use would see what main changed before (issue 10).
struct BeforeMain {};
inline constexpr BeforeMain beforeMain{};

// RankLocal<T> X{ThreadStorage{"x"}}: x was thread-local (thread_local, __thread,
// _Thread_local), one instance per thread under MPI. The rank's own thread has the rank's
// instance; a thread of the rank's OpenMP team that uses it ends the job with a message naming
// it, since one instance per thread of a team is not supported (rather than a team silently
// sharing one).
struct ThreadStorage {
  const char *Name;
};

template <class T> class RankLocal {
public:
  RankLocal() : Slot(detail::allocateRankLocalSlot()) {}
  explicit RankLocal(BeforeMain) : RankLocal() {
    detail::registerBeforeMain([](void *Self) { static_cast<RankLocal *>(Self)->get(); }, this);
  }
  explicit RankLocal(ThreadStorage Thread) : RankLocal() { ThreadLocal = Thread.Name; }
  RankLocal(BeforeMain, ThreadStorage Thread) : RankLocal(beforeMain) { ThreadLocal = Thread.Name; }
  RankLocal(const RankLocal &) = delete;
  RankLocal &operator=(const RankLocal &) = delete;

  T &get() {
    if (ThreadLocal) [[unlikely]]
      detail::refuseTeamThreadUse(ThreadLocal);
    if (Box *B = find()) [[likely]]
      return B->Value;
    return make([] { return new Box(); });
  }
  T *operator->() { return &get(); }
  T &operator*() { return get(); }

  // The rank's instance, made from Init() if this rank has none yet.
  template <class F> T &once(F &&Init) {
    if (ThreadLocal) [[unlikely]]
      detail::refuseTeamThreadUse(ThreadLocal);
    if (Box *B = find()) [[likely]]
      return B->Value;
    return make([&] { return new Box{std::forward<F>(Init)()}; });
  }

private:
  // Arrays cannot be returned or new-ed as T; a box holds any T.
  struct Box {
    T Value;
  };
  Box *find() const { return static_cast<Box *>(detail::findRankLocal(Slot)); }
  // The rank's first use: made once, also when threads of the rank's OpenMP team come together
  // (as a static local's initialization is guarded).
  template <class New> T &make(New &&NewBox) {
    detail::FirstUseGuard Guard;
    if (Box *B = find())
      return B->Value;
    void *Kept =
        detail::adoptRankLocal(Slot, NewBox(), [](void *P) { delete static_cast<Box *>(P); });
    return static_cast<Box *>(Kept)->Value;
  }
  std::size_t Slot;
  const char *ThreadLocal = nullptr; // its name, if it was thread-local
};

} // namespace bamboo
