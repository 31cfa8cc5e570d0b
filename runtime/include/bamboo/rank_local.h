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
#include <type_traits>
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
// For a thread of a rank's OpenMP team other than the rank's own: its own instance of the
// thread-local variable in Slot (ThreadStorage below), made by Make(Context) at its first use
// by this thread for this rank, and destroyed (Destroy) as the rank ends. Null on the rank's
// own thread, which has the rank's instance.
void *teamThreadInstance(std::size_t Slot, void *(*Make)(void *), void *Context,
                         void (*Destroy)(void *));
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

// RankLocal<T> X{threadStorage}: x was thread-local (thread_local, __thread, _Thread_local),
// one instance per thread under MPI. The rank's own thread has the rank's instance (made before
// main with beforeMain); every other thread of the rank's OpenMP team has one of its own, made
// at its first use as a thread's is, and kept while the rank lives (a pooled thread that works
// for the team again finds it).
struct ThreadStorage {};
inline constexpr ThreadStorage threadStorage{};

template <class T> class RankLocal {
public:
  RankLocal() : Slot(detail::allocateRankLocalSlot()) {}
  explicit RankLocal(BeforeMain) : RankLocal() {
    detail::registerBeforeMain([](void *Self) { static_cast<RankLocal *>(Self)->get(); }, this);
  }
  explicit RankLocal(ThreadStorage) : RankLocal() { ThreadLocal = true; }
  RankLocal(BeforeMain, ThreadStorage) : RankLocal(beforeMain) { ThreadLocal = true; }
  RankLocal(const RankLocal &) = delete;
  RankLocal &operator=(const RankLocal &) = delete;

  T &get() {
    if (ThreadLocal) [[unlikely]]
      if (void *Mine = detail::teamThreadInstance(
              Slot, [](void *) -> void * { return new Box(); }, nullptr, destroyBox))
        return static_cast<Box *>(Mine)->Value;
    if (Box *B = find()) [[likely]]
      return B->Value;
    return make([] { return new Box(); });
  }
  T *operator->() { return &get(); }
  T &operator*() { return get(); }

  // The rank's instance, made from Init() if this rank has none yet.
  template <class F> T &once(F &&Init) {
    if (ThreadLocal) [[unlikely]]
      if (void *Mine = detail::teamThreadInstance(
              Slot,
              [](void *Context) -> void * {
                return new Box{(*static_cast<std::remove_reference_t<F> *>(Context))()};
              },
              const_cast<void *>(static_cast<const void *>(&Init)), destroyBox))
        return static_cast<Box *>(Mine)->Value;
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
  static void destroyBox(void *P) { delete static_cast<Box *>(P); }
  // The rank's first use: made once, also when threads of the rank's OpenMP team come together
  // (as a static local's initialization is guarded).
  template <class New> T &make(New &&NewBox) {
    detail::FirstUseGuard Guard;
    if (Box *B = find())
      return B->Value;
    void *Kept = detail::adoptRankLocal(Slot, NewBox(), destroyBox);
    return static_cast<Box *>(Kept)->Value;
  }
  std::size_t Slot;
  bool ThreadLocal = false; // one instance per thread of a rank's team (ThreadStorage)
};

} // namespace bamboo
