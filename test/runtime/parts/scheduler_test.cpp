// scheduler_test.cpp - the ready queue on its own: order, priorities, wake-ups while running.
#include "scheduler.h"

#include <gtest/gtest.h>

#include <array>

using namespace bamboo::detail;

namespace {
// Tasks that have not run: admitted, or blocked after a first run.
struct Fixture {
  Scheduler Sched{1};
  std::array<RankTask, 4> Tasks;
  Fixture() {
    for (int I = 0; I < 4; ++I) {
      Tasks[I].WorldRank = I;
      Tasks[I].Thread = std::make_unique<Fiber>(64 * 1024, [] {}); // never run
    }
    Sched.setLiveTasks(4);
  }
  // Runs T once and leaves it blocked (its thread waits for something).
  void block(RankTask &T) {
    T.State = TaskState::Ready; // as if popped
    Sched.admit(T);
    while (RankTask *Next = Sched.pop(0))
      Sched.afterRun(*Next); // nothing woke them: all block
  }
};
} // namespace

TEST(SchedulerPart, AdmittedTasksRunOldestFirst) {
  Fixture F;
  for (RankTask &T : F.Tasks)
    F.Sched.admit(T);
  for (int I = 0; I < 4; ++I) {
    RankTask *T = F.Sched.pop(0);
    ASSERT_NE(T, nullptr);
    EXPECT_EQ(T->WorldRank, I);
    EXPECT_EQ(T->State, TaskState::Running);
  }
  EXPECT_EQ(F.Sched.pop(0), nullptr);
  EXPECT_EQ(F.Sched.runningCount(), 4);
}

TEST(SchedulerPart, HigherPriorityRunsFirstThenOldest) {
  Fixture F;
  for (RankTask &T : F.Tasks)
    F.block(T);
  EXPECT_EQ(F.Sched.blockedCount(), 4);
  F.Sched.wake(F.Tasks[0], 0);
  F.Sched.wake(F.Tasks[1], 5);
  F.Sched.wake(F.Tasks[2], 5);
  F.Sched.wake(F.Tasks[3], -1);
  EXPECT_EQ(F.Sched.blockedCount(), 0);
  int Order[4];
  for (int &Rank : Order)
    Rank = F.Sched.pop(0)->WorldRank;
  EXPECT_EQ(Order[0], 1);
  EXPECT_EQ(Order[1], 2);
  EXPECT_EQ(Order[2], 0);
  EXPECT_EQ(Order[3], 3);
}

TEST(SchedulerPart, AYieldingTaskRunsAfterEveryOtherReadyTask) {
  // Issue 10: a poller at priority 0 was picked again and again before a region of
  // priority -1 that had its message.
  Fixture F;
  for (RankTask &T : F.Tasks)
    F.block(T);
  RankTask &Poller = F.Tasks[0];
  F.Sched.wake(Poller, 0);
  ASSERT_EQ(F.Sched.pop(0), &Poller);
  Poller.WakePending = true; // what Yield does while the task still runs
  Poller.WakePriority = YieldPriority;
  F.Sched.wake(F.Tasks[1], -1000000); // the lowest priority a region may have
  F.Sched.afterRun(Poller);
  EXPECT_EQ(F.Sched.pop(0), &F.Tasks[1]);
  EXPECT_EQ(F.Sched.pop(0), &Poller);
}

TEST(SchedulerPart, AWakeWhileRunningRequeuesInsteadOfBlocking) {
  // The completion comes between the task's registration and its suspension: the worker
  // requeues it itself, so no wake-up is lost and no two workers resume it.
  Fixture F;
  RankTask &T = F.Tasks[0];
  F.Sched.admit(T);
  ASSERT_EQ(F.Sched.pop(0), &T);
  F.Sched.wake(T, 3);
  EXPECT_EQ(T.State, TaskState::Running);
  EXPECT_EQ(F.Sched.readyCount(), 0u);
  F.Sched.afterRun(T);
  EXPECT_EQ(T.State, TaskState::Ready);
  EXPECT_EQ(F.Sched.blockedCount(), 0);
  EXPECT_EQ(F.Sched.pop(0), &T);
}

TEST(SchedulerPart, WakingAChildLeavesTheTaskItselfBlocked) {
  Fixture F;
  RankTask &T = F.Tasks[0];
  F.block(T);
  T.MainBlocked = true;
  ChildTask Child(64 * 1024, [] {});
  F.Sched.wake(T, 0, &Child);
  EXPECT_TRUE(Child.Runnable);
  EXPECT_TRUE(T.MainBlocked); // the run will resume the child only
  EXPECT_EQ(F.Sched.pop(0), &T);
}

TEST(SchedulerPart, ASecondWakeOfAReadyTaskQueuesItOnce) {
  Fixture F;
  RankTask &T = F.Tasks[0];
  F.block(T);
  F.Sched.wake(T, 0);
  F.Sched.wake(T, 7);
  EXPECT_EQ(F.Sched.readyCount(), 1u);
}
