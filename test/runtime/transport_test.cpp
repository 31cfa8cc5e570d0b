// transport_test.cpp - what goes through MPI and what does not.
#include "bamboo/region.h"
#include "runtime_test_support.h"

#include <vector>

using namespace bamboo;
using namespace bamboo::test;

namespace {
// Computes for Seconds without suspending (no MPI call but the clock); returns when it ended.
// Under SimGrid's SMPI, Seconds of simulated computation: there every clock read is a step of
// the simulator, which a spinning loop would take minutes of wall time to cover.
double computeFor(double Seconds) {
#ifdef SMPI_H
  smpi_execute(Seconds);
#else
  double Until = mpi::Wtime() + Seconds;
  volatile double Sink = 0;
  while (mpi::Wtime() < Until)
    Sink = Sink + 1;
#endif
  return mpi::Wtime();
}
} // namespace

TEST(Transport, MessagesInsideAProcessNeverTouchMPI) {
  int VF = settings().VirtualRanksPerProcess;
  runRanks([&](int, char **) -> int {
    int R = rank(), First = R - R % VF;
    int Next = First + (R - First + 1) % VF; // a ring inside this process (itself if VF = 1)
    int Prev = First + (R - First + VF - 1) % VF;
    ProcessCounters Before = processCounters();
    std::vector<double> Out(100000, R), In(100000);
    int Small = R, SmallIn = -1;
    MPI_Request Reqs[4];
    mpi::Irecv(In.data(), 100000, MPI_DOUBLE, Prev, 0, MPI_COMM_WORLD, &Reqs[0]);
    mpi::Irecv(&SmallIn, 1, MPI_INT, Prev, 1, MPI_COMM_WORLD, &Reqs[1]);
    mpi::Isend(Out.data(), 100000, MPI_DOUBLE, Next, 0, MPI_COMM_WORLD, &Reqs[2]);
    mpi::Isend(&Small, 1, MPI_INT, Next, 1, MPI_COMM_WORLD, &Reqs[3]);
    mpi::Waitall(4, Reqs, MPI_STATUSES_IGNORE);
    ProcessCounters After = processCounters();
    EXPECT_EQ(In[99999], Prev);
    EXPECT_EQ(SmallIn, Prev);
    EXPECT_EQ(After.MPIMessages, Before.MPIMessages);
    EXPECT_EQ(After.RemoteMessages, Before.RemoteMessages);
    EXPECT_GE(After.LocalMessages, Before.LocalMessages + 2);
    return 0;
  });
}

TEST(Transport, SmallMessagesToOneProcessShareOneFrame) {
  if (processes() < 2)
    GTEST_SKIP() << "needs two processes";
  // With two workers the other one's poll may send the frame while this task still fills it
  // (docs/decisions.md, Coalescing): one frame per step holds with one worker.
  if (settings().Workers > 1)
    GTEST_SKIP() << "one frame per step is promised with one worker";
  int VF = settings().VirtualRanksPerProcess;
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    if (R % VF != 0) // one sender per process, so nobody else adds frames meanwhile
      return 0;
    int Dest = (R + VF) % S; // first rank of the next process
    int From = (R + S - VF) % S;
    ProcessCounters Before = processCounters();
    int Values[16];
    for (int I = 0; I < 16; ++I) {
      Values[I] = I;
      mpi::Send(&Values[I], 1, MPI_INT, Dest, I, MPI_COMM_WORLD); // never waits
    }
    yield(); // ends this scheduling step: the frame goes out
    int In[16];
    for (int I = 0; I < 16; ++I) {
      mpi::Recv(&In[I], 1, MPI_INT, From, I, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      EXPECT_EQ(In[I], I);
    }
    ProcessCounters After = processCounters();
    EXPECT_EQ(After.RemoteMessages - Before.RemoteMessages, 16u);
    EXPECT_EQ(After.FramesSent - Before.FramesSent, 1u); // one scheduling step, one frame
    return 0;
  });
}

TEST(Transport, LargeTransfersMoveWhileTheSenderComputes) {
  // A rendezvous transfer needs MPI calls on both sides; the progress thread makes them while
  // the sending task computes without yielding. (With BAMBOO_PROGRESS_INTERVAL=0 the data
  // arrives only after the computation: this test then fails, which is why it skips.)
  if (processes() < 2 || !progressThreadRuns())
    GTEST_SKIP() << "needs two processes and the progress thread";
  int VF = settings().VirtualRanksPerProcess;
  runRanks([&](int, char **) -> int {
    int R = rank();
    constexpr int Count = 1 << 19; // 4 MiB of doubles
    double Times[2] = {0, 0};      // computation ended, data arrived
    if (R == 0) {
      std::vector<double> Out(Count, 1.0);
      MPI_Request Req;
      mpi::Isend(Out.data(), Count, MPI_DOUBLE, VF, 0, MPI_COMM_WORLD, &Req);
      Times[0] = computeFor(0.3); // never suspends
      mpi::Wait(&Req, MPI_STATUS_IGNORE);
    } else if (R == VF) { // on the other process
      std::vector<double> In(Count);
      mpi::Recv(In.data(), Count, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      Times[1] = mpi::Wtime();
      EXPECT_EQ(In[Count - 1], 1.0);
    }
    double Both[2] = {0, 0};
    mpi::Allreduce(Times, Both, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    EXPECT_LT(Both[1], Both[0]) << "the data arrived only after the sender's computation";
    return 0;
  });
}

TEST(Transport, LargeTransfersMoveWhileTheReceiverComputes) {
  // The receiver posted its receive and computes: its progress thread must take the sender's
  // announcement and post the payload's receive meanwhile, though nothing is in flight yet.
  if (processes() < 2 || !progressThreadRuns())
    GTEST_SKIP() << "needs two processes and the progress thread";
  int VF = settings().VirtualRanksPerProcess;
  runRanks([&](int, char **) -> int {
    int R = rank();
    constexpr int Count = 1 << 19; // 4 MiB of doubles
    double Times[2] = {0, 0};      // computation ended, data sent
    if (R == VF) {                 // on the other process
      std::vector<double> In(Count);
      MPI_Request Req;
      mpi::Irecv(In.data(), Count, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &Req);
      Times[0] = computeFor(0.3); // never suspends
      mpi::Wait(&Req, MPI_STATUS_IGNORE);
      EXPECT_EQ(In[Count - 1], 1.0);
    } else if (R == 0) {
      std::vector<double> Out(Count, 1.0);
      mpi::Send(Out.data(), Count, MPI_DOUBLE, VF, 0, MPI_COMM_WORLD);
      Times[1] = mpi::Wtime();
    }
    double Both[2] = {0, 0};
    mpi::Allreduce(Times, Both, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    EXPECT_LT(Both[1], Both[0]) << "the data moved only after the receiver's computation";
    return 0;
  });
}

TEST(Transport, TheProgressThreadSleepsWhileNothingMoves) {
  // With no receive posted and nothing on its way, polling would only take the core from the
  // computing rank (Bamboo-nocomm): the progress thread sleeps until a message is posted.
  if (processes() < 2 || !progressThreadRuns())
    GTEST_SKIP() << "needs two processes and the progress thread";
  runRanks([&](int, char **) -> int {
    // No collective before or after: a rank of this process waiting in it (for a rank the
    // computation keeps from running) would rightly keep the thread polling.
    ProcessCounters Before = processCounters();
    computeFor(0.2);
    ProcessCounters After = processCounters();
    // Polling once a millisecond, as it did while idle before, would be 200 polls.
    EXPECT_LE(After.ProgressPolls - Before.ProgressPolls, 2u);
    return 0;
  });
}

TEST(Transport, AReductionsResultDoesNotWaitForItsSendersComputation) {
  // The rank that sends a reduction's last message may compute for long after its call
  // returns; the others must not wait for that (CG: two allreduces a step). Each process in
  // turn arrives last, which finds every other part there and sends without suspending, then
  // computes; the other process times its own call.
  if (processes() < 2)
    GTEST_SKIP() << "needs two processes";
  int VF = settings().VirtualRanksPerProcess;
  runRanks([&](int, char **) -> int {
    int Process = rank() / VF;
    for (int Late = 0; Late < 2; ++Late) {
      double Value = 1, Sum = 0;
      if (Process == Late) {
        computeFor(0.05);
        mpi::Allreduce(&Value, &Sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        computeFor(0.3); // never suspends
      } else {
        // The late process's ranks compute 0.05 s each, one after the other, before the last
        // one arrives; waiting for the computation after it would add 0.3 s. The bound is
        // halfway between.
        double Start = mpi::Wtime();
        mpi::Allreduce(&Value, &Sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        EXPECT_LT(mpi::Wtime() - Start, VF * 0.05 + 0.15)
            << "process " << Process << ", round " << Late;
      }
      EXPECT_EQ(Sum, size());
      mpi::Barrier(MPI_COMM_WORLD);
    }
    return 0;
  });
}

TEST(Transport, AStartedSendLeavesAtTheCall) {
  // Outside an olap region a started send goes out before MPI_Isend returns: its rank may
  // compute next (a start the translator moved up), with no progress thread to send it.
  if (processes() < 2)
    GTEST_SKIP() << "needs two processes";
  int VF = settings().VirtualRanksPerProcess;
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    if (R % VF != 0) // one sender per process, so nobody else adds frames meanwhile
      return 0;
    int Out = R, In = -1;
    MPI_Request Reqs[2];
    mpi::Irecv(&In, 1, MPI_INT, (R + S - VF) % S, 0, MPI_COMM_WORLD, &Reqs[0]);
    ProcessCounters Before = processCounters();
    mpi::Isend(&Out, 1, MPI_INT, (R + VF) % S, 0, MPI_COMM_WORLD, &Reqs[1]);
    ProcessCounters After = processCounters();
    EXPECT_EQ(After.FramesSent - Before.FramesSent, 1u);
    mpi::Waitall(2, Reqs, MPI_STATUSES_IGNORE);
    EXPECT_EQ(In, (R + S - VF) % S);
    return 0;
  });
}

TEST(Transport, AnOlapRegionsCallsDoNotWakeTheProgressThread) {
  // Inside an olap region a started send or receive does not need the progress thread: the
  // region's end sends its frames, and its rank suspends there (its worker polls) or goes on
  // with nothing left to move. Woken by each region's starts, as it was, the thread took 20-30%
  // of a 1D stencil's time with 0.2 ms steps on two processes of a two-core machine.
  if (processes() < 2 || !progressThreadRuns() || settings().VirtualRanksPerProcess != 1)
    GTEST_SKIP() << "needs two processes, the progress thread and one rank per process";
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    double Out = R, In = -1;
    ProcessCounters Before = processCounters();
    for (int I = 0; I < 200; ++I) {
      MPI_Request Reqs[2];
      bamboo::Region Olap;
      mpi::Irecv(&In, 1, MPI_DOUBLE, (R + S - 1) % S, 0, MPI_COMM_WORLD, &Reqs[0]);
      mpi::Isend(&Out, 1, MPI_DOUBLE, (R + 1) % S, 0, MPI_COMM_WORLD, &Reqs[1]);
      Olap.Waitall(2, Reqs, MPI_STATUSES_IGNORE);
      Olap.complete();
      EXPECT_EQ(In, (R + S - 1) % S);
      computeFor(0.001);
    }
    ProcessCounters After = processCounters();
    // Woken by each region's starts, it polled at least once per region.
    EXPECT_LE(After.ProgressPolls - Before.ProgressPolls, 20u);
    return 0;
  });
}

TEST(Transport, ABlockingCallDoesNotWakeTheProgressThread) {
  // A reduction's rank waits or returns at once: the progress thread, whose wake-ups take a
  // core from a computing rank, is not needed for it (nor polls, as no rank computes). With
  // VF > 1 it rightly polls while one rank computes and another waits for the reduction.
  if (processes() < 2 || !progressThreadRuns() || settings().VirtualRanksPerProcess != 1)
    GTEST_SKIP() << "needs two processes, the progress thread and one rank per process";
  runRanks([&](int, char **) -> int {
    double Value = 1, Sum = 0;
    mpi::Allreduce(&Value, &Sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    ProcessCounters Before = processCounters();
    for (int I = 0; I < 200; ++I) {
      mpi::Allreduce(&Value, &Sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      computeFor(0.001);
    }
    ProcessCounters After = processCounters();
    // Woken by each call's demands, it polled at least once per call.
    EXPECT_LE(After.ProgressPolls - Before.ProgressPolls, 20u);
    return 0;
  });
}
