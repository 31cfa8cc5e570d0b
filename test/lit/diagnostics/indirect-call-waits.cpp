// A call through a function pointer or a virtual function that may reach a
// waiting MPI call cannot be turned into a co_await of a task.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>

static void recvOne(double *u) {
  MPI_Recv(u, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
static void rankOnly(double *u) {
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  *u = r;
}

struct Solver {
  virtual void step(double *u) { *u += 1; }
  virtual ~Solver() = default;
};
struct MPISolver : Solver {
  void step(double *u) override { recvOne(u); }
};

void run(Solver &s, double *u, bool remote) {
  void (*action)(double *) = remote ? recvOne : rankOnly;
  action(u);
  // CHECK: indirect-call-waits.cpp:[[@LINE-1]]:3: error: call through a function pointer may reach 'MPI_Recv', which waits; bamboo cannot make it a task
  // CHECK: indirect-call-waits.cpp:6:13: note: it may call 'recvOne'
  // CHECK: indirect-call-waits.cpp:7:3: note: 'recvOne' calls 'MPI_Recv' here
  s.step(u);
  // CHECK: indirect-call-waits.cpp:[[@LINE-1]]:3: error: call through a virtual function may reach 'MPI_Recv', which waits; bamboo cannot make it a task
  // CHECK: indirect-call-waits.cpp:20:8: note: it may call 'MPISolver::step'
  // A call that devirtualizes is a plain call.
  MPISolver m;
  m.step(u);
}
