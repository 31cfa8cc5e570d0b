// fiber.h - a user-level thread: a stack of its own and a function that runs on it.
//
// Every virtual rank runs on a Fiber (and so does the algorithm of a nonblocking collective,
// rank_task.h), so a wait reached from any function, at any depth, suspends it: suspend()
// switches back to whoever resumed it (a worker, or the rank that started a child), and the
// next resume() continues it where it stopped. The switch is Boost.Context's. The stack is
// mapped at once, committed by the kernel page by page as it is touched, with a guard region
// below it, so an overflow faults at once (fault.h names the rank) instead of writing over a
// neighbour. Sanitizers are told about every switch
// (AddressSanitizer: the stack's bounds and fake stacks; ThreadSanitizer: one fiber each).
//
// Thread safety: one thread at a time resumes a fiber; the scheduler sees to it.
#pragma once

#include <boost/context/fiber.hpp>

#include <cstddef>
#include <functional>

namespace bamboo::detail {

class Fiber {
public:
  // Body runs on the fiber's stack from the first resume(); it must not let an exception
  // escape (Boost would end the process).
  Fiber(std::size_t StackSize, std::function<void()> Body);
  ~Fiber();
  Fiber(const Fiber &) = delete;
  Fiber &operator=(const Fiber &) = delete;

  // Runs the fiber until it suspends or its body returns. Never called on the fiber itself.
  void resume();
  // Called on the fiber: goes back to whoever resumed it, until the next resume().
  void suspend();
  bool done() const { return Done; }
  // Gives up a fiber that will never run again without unwinding its stack (a deadlocked
  // rank: its frames may refer to the runtime that is going away). Its memory is kept.
  void abandon();

  // The guard region below the stack: a fault there is an overflow of this fiber's stack.
  const char *guardBegin() const { return StackBottom - GuardSize; }
  const char *guardEnd() const { return StackBottom; }
  std::size_t stackSize() const { return StackSize; }

private:
  boost::context::fiber Context; // the fiber while it does not run
  boost::context::fiber Resumer; // while it runs: the context that resumed it
  std::function<void()> Body;
  bool Done = false;
  const char *StackBottom = nullptr; // the lowest usable address
  std::size_t StackSize = 0;         // usable bytes, above the guard region
  std::size_t GuardSize = 0;

  // What the sanitizers need to follow the switches; unused in other builds.
  void *FakeStack = nullptr;           // ASan: the fiber's fake stack while it is suspended
  void *ResumerFakeStack = nullptr;    // ASan: the resumer's, while the fiber runs
  const void *ResumerBottom = nullptr; // ASan: the resumer's stack
  std::size_t ResumerSize = 0;
  void *TsanFiber = nullptr;
  void *TsanResumer = nullptr;

  boost::context::fiber start(boost::context::fiber &&From);
  void arrived();            // first thing on the fiber after every switch to it
  void leaving(bool Ending); // last thing on the fiber before every switch away
};

} // namespace bamboo::detail
