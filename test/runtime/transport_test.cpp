// transport_test.cpp - what goes through MPI and what does not.
#include "runtime_test_support.h"

#include <vector>

using namespace bamboo;
using namespace bamboo::test;

TEST(Transport, MessagesInsideAProcessNeverTouchMPI) {
  int VF = settings().VirtualRanksPerProcess;
  runRanks([&](int, char **) -> Task<int> {
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
    co_await mpi::Waitall(4, Reqs, MPI_STATUSES_IGNORE);
    ProcessCounters After = processCounters();
    EXPECT_EQ(In[99999], Prev);
    EXPECT_EQ(SmallIn, Prev);
    EXPECT_EQ(After.MPIMessages, Before.MPIMessages);
    EXPECT_EQ(After.RemoteMessages, Before.RemoteMessages);
    EXPECT_GE(After.LocalMessages, Before.LocalMessages + 2);
    co_return 0;
  });
}

TEST(Transport, SmallMessagesToOneProcessShareOneFrame) {
  if (processes() < 2)
    GTEST_SKIP() << "needs two processes";
  int VF = settings().VirtualRanksPerProcess;
  runRanks([&](int, char **) -> Task<int> {
    int R = rank(), S = size();
    if (R % VF != 0) // one sender per process, so nobody else adds frames meanwhile
      co_return 0;
    int Dest = (R + VF) % S; // first rank of the next process
    int From = (R + S - VF) % S;
    ProcessCounters Before = processCounters();
    int Values[16];
    for (int I = 0; I < 16; ++I) {
      Values[I] = I;
      co_await mpi::Send(&Values[I], 1, MPI_INT, Dest, I, MPI_COMM_WORLD); // never waits
    }
    co_await yield(); // ends this scheduling step: the frame goes out
    int In[16];
    for (int I = 0; I < 16; ++I) {
      co_await mpi::Recv(&In[I], 1, MPI_INT, From, I, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      EXPECT_EQ(In[I], I);
    }
    ProcessCounters After = processCounters();
    EXPECT_EQ(After.RemoteMessages - Before.RemoteMessages, 16u);
    EXPECT_EQ(After.FramesSent - Before.FramesSent, 1u); // one scheduling step, one frame
    co_return 0;
  });
}
