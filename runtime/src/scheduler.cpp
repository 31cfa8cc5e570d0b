// scheduler.cpp - the ready queue and the suspend/wake protocol (see scheduler.h).
#include "scheduler.h"

namespace bamboo::detail {

void Scheduler::push(RankTask &T, int Priority) {
  if (T.State == TaskState::Blocked)
    --Blocked;
  T.State = TaskState::Ready;
  T.WakePending = false;
  Ready[T.Worker].push(Entry{Priority, NextSeq++, &T});
  ++ReadyCount;
  if (Ready.size() > 1)
    Available.notify_all(); // the rank's own worker must wake
}

void Scheduler::wake(RankTask &T, int Priority, ChildTask *Child) {
  if (Child) {
    Child->Runnable = true;
  } else {
    T.MainBlocked = false;
    T.WaitingOn = nullptr;
  }
  switch (T.State) {
  case TaskState::Blocked:
    push(T, Priority);
    return;
  case TaskState::Running:
    T.WakePending = true;
    T.WakePriority = Priority;
    return;
  case TaskState::Ready:
  case TaskState::Done:
    return;
  }
}

RankTask *Scheduler::pop(int Worker) {
  auto &Queue = Ready[Worker];
  if (Queue.empty())
    return nullptr;
  RankTask *T = Queue.top().Task;
  Queue.pop();
  --ReadyCount;
  T->State = TaskState::Running;
  ++Running;
  return T;
}

void Scheduler::afterRun(RankTask &T) {
  --Running;
  if (T.Thread->done() && T.Children.empty()) {
    T.State = TaskState::Done;
    --Live;
    return;
  }
  if (T.WakePending) {
    push(T, T.WakePriority);
    return;
  }
  T.State = TaskState::Blocked;
  ++Blocked;
}

} // namespace bamboo::detail
