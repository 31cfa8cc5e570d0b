// probe_test.cpp - MPI_Probe and MPI_Iprobe over virtual ranks.
#include "runtime_test_support.h"

#include <vector>

using namespace bamboo;
using namespace bamboo::test;

TEST(Probe, ProbeGivesTheSizeOfAnUnknownMessage) {
  BAMBOO_NEED_RANKS(2);
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    // Sizes differ per rank; every third message is larger than the eager limit.
    int N = R % 3 == 0 ? 20000 + R : 10 * (R + 1);
    std::vector<int> Out(N, R);
    MPI_Request Send;
    mpi::Isend(Out.data(), N, MPI_INT, Right, 6, MPI_COMM_WORLD, &Send);
    MPI_Status Status;
    mpi::Probe(MPI_ANY_SOURCE, 6, MPI_COMM_WORLD, &Status);
    EXPECT_EQ(Status.MPI_SOURCE, Left);
    int Count = -1;
    MPI_Get_count(&Status, MPI_INT, &Count);
    EXPECT_EQ(Count, Left % 3 == 0 ? 20000 + Left : 10 * (Left + 1));
    std::vector<int> In(Count);
    mpi::Recv(In.data(), Count, MPI_INT, Status.MPI_SOURCE, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    EXPECT_EQ(In.back(), Left);
    mpi::Wait(&Send, MPI_STATUS_IGNORE);
    return 0;
  });
}

TEST(Probe, IprobeLoopLetsTheSenderRun) {
  // Ranks pair up inside a process: with one worker, a polling loop that did not yield would
  // never let its partner send.
  if (settings().VirtualRanksPerProcess < 2)
    GTEST_SKIP() << "needs two virtual ranks per process";
  int VF = settings().VirtualRanksPerProcess;
  runRanks([&](int, char **) -> int {
    int R = rank(), Local = R % VF;
    if (Local % 2 == 1) {
      int Value = R;
      mpi::Send(&Value, 1, MPI_INT, R - 1, 8, MPI_COMM_WORLD);
    } else if (Local + 1 < VF) {
      int Flag = 0, Polls = 0;
      MPI_Status Status;
      while (!Flag) {
        mpi::Iprobe(R + 1, 8, MPI_COMM_WORLD, &Flag, &Status);
        ++Polls;
      }
      EXPECT_EQ(Status.MPI_SOURCE, R + 1);
      int Value = -1;
      mpi::Recv(&Value, 1, MPI_INT, R + 1, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      EXPECT_EQ(Value, R + 1);
    }
    return 0;
  });
}
