// completion.cpp - the one wait/wake protocol (completion.h).
#include "completion.h"

#include "request.h"
#include "scheduler.h"

namespace bamboo::detail {

void WaitGroup::watch(Request &R) {
  if (R.Complete)
    return;
  ++Pending;
  R.Group = this;
}

void WaitGroup::signal(Scheduler &Sched) {
  --Pending;
  ++Completed;
  if (satisfied() && Waiter)
    Sched.wake(*Waiter, WakePriority, Child);
}

void complete(Request &R, Scheduler &Sched) {
  R.Complete = true;
  if (WaitGroup *G = R.Group) {
    R.Group = nullptr;
    G->signal(Sched);
  }
  if (R.Holders == 0) // freed by the user before it completed
    delete &R;
}

} // namespace bamboo::detail
