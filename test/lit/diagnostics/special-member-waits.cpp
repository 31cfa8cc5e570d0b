// Constructors and destructors cannot be coroutines: one that reaches a
// waiting MPI call (here through a helper) is an error.
// RUN: not %bamboo %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#include <mpi.h>

static void sync() { MPI_Barrier(MPI_COMM_WORLD); }

struct Session {
  Session() { sync(); }
  // CHECK: special-member-waits.cpp:[[@LINE-1]]:3: error: constructor 'Session::Session' reaches 'MPI_Barrier', which waits; constructors and destructors cannot become tasks
  // CHECK: special-member-waits.cpp:[[@LINE-2]]:15: note: 'Session::Session' calls 'sync' here
  // CHECK: special-member-waits.cpp:6:22: note: 'sync' calls 'MPI_Barrier' here
  ~Session() { MPI_Barrier(MPI_COMM_WORLD); }
  // CHECK: special-member-waits.cpp:[[@LINE-1]]:3: error: destructor 'Session::~Session' reaches 'MPI_Barrier', which waits; constructors and destructors cannot become tasks
};

// An olap region's end suspends as well.
struct Exchange {
  MPI_Request r;
  Exchange(int *x) {
    // CHECK: special-member-waits.cpp:[[@LINE-1]]:3: error: constructor 'Exchange::Exchange' reaches an olap region, which waits; constructors and destructors cannot become tasks
#pragma bamboo olap
    // CHECK: special-member-waits.cpp:[[@LINE-1]]:16: note: 'Exchange::Exchange' has an olap region here
    MPI_Irecv(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
  }
};

// One that only asks for the rank, or finalizes (which never waits), is fine.
struct Rank {
  int value;
  Rank() { MPI_Comm_rank(MPI_COMM_WORLD, &value); }
  ~Rank() { MPI_Finalize(); }
};
