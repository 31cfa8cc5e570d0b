// task_test.cpp - bamboo::Task: nesting, results, exceptions. Built at -O0 on purpose: there
// GCC does not turn symmetric transfer into tail calls, so a task type that relied on it would
// overflow the stack in DeepLoopsDoNotGrowTheStack.
#include <bamboo/task.h>
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>

using bamboo::Task;

namespace {
Task<int> leaf(int I) { co_return I; }

Task<long> sumOfLeaves(int N) {
  long Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += co_await leaf(I);
  co_return Sum;
}

Task<int> nested(int Depth) {
  if (Depth == 0)
    co_return 0;
  co_return 1 + co_await nested(Depth - 1);
}

Task<void> throwsAt(int Depth) {
  if (Depth == 0)
    throw std::runtime_error("deep");
  co_await throwsAt(Depth - 1);
}

Task<std::unique_ptr<int>> moveOnly() { co_return std::make_unique<int>(42); }

struct Pair {
  int First, Second;
};
Task<Pair> braced(int X) { co_return {X, X + 1}; }

int Shared = 7;
Task<int &> reference() { co_return Shared; }
} // namespace

TEST(Task, DeepLoopsDoNotGrowTheStack) {
  // 2 million awaited calls; with 8 MiB of stack, one frame per call would overflow.
  EXPECT_EQ(bamboo::runSynchronously(sumOfLeaves(2000000)), 1999999000000L);
}

TEST(Task, NestingWorksToAnyDepth) { EXPECT_EQ(bamboo::runSynchronously(nested(100000)), 100000); }

TEST(Task, ExceptionsPropagateThroughNestedTasks) {
  EXPECT_THROW(bamboo::runSynchronously(throwsAt(50)), std::runtime_error);
}

TEST(Task, MoveOnlyResults) {
  auto P = bamboo::runSynchronously(moveOnly());
  ASSERT_TRUE(P);
  EXPECT_EQ(*P, 42);
}

TEST(Task, BracedAndReferenceResults) {
  Pair P = bamboo::runSynchronously(braced(3));
  EXPECT_EQ(P.Second, 4);
  int &R = bamboo::runSynchronously(reference());
  EXPECT_EQ(&R, &Shared);
}

TEST(Task, TasksAreLazy) {
  bool Started = false;
  auto Body = [&]() -> Task<void> {
    Started = true;
    co_return;
  };
  Task<void> T = Body();
  EXPECT_FALSE(Started);
  bamboo::runSynchronously(std::move(T));
  EXPECT_TRUE(Started);
}
