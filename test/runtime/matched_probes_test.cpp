// matched_probes_test.cpp - MPI_Mprobe, MPI_Improbe, MPI_Mrecv, MPI_Imrecv.
#include "runtime_test_support.h"

#include <vector>

using namespace bamboo;
using namespace bamboo::test;

TEST(MatchedProbes, ReceiveWhatTheProbeFoundWhateverItsSize) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    // A small message, then one above the eager limit (a rendezvous between processes).
    for (int Length : {3 + R, 50000 + R}) {
      std::vector<double> Out(Length, R);
      MPI_Request Send;
      mpi::Isend(Out.data(), Length, MPI_DOUBLE, Right, 5, MPI_COMM_WORLD, &Send);
      MPI_Message M = MPI_MESSAGE_NULL;
      MPI_Status Status;
      mpi::Mprobe(MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &M, &Status);
      EXPECT_EQ(Status.MPI_SOURCE, Left);
      int Count = -1;
      MPI_Get_count(&Status, MPI_DOUBLE, &Count);
      int Expected = Length - R + Left;
      EXPECT_EQ(Count, Expected);
      std::vector<double> In(Count, -1);
      mpi::Mrecv(In.data(), Count, MPI_DOUBLE, &M, &Status);
      EXPECT_TRUE(M == MPI_MESSAGE_NULL); // a pointer or an integer, as the MPI defines it
      EXPECT_EQ(Status.MPI_TAG, 5);
      EXPECT_EQ(In[Count - 1], Left);
      mpi::Wait(&Send, MPI_STATUS_IGNORE);
    }
    return 0;
  });
}

TEST(MatchedProbes, AMatchedMessageIsNoLongerReceivable) {
  BAMBOO_NEED_RANKS(2);
  runRanks([&](int, char **) -> int {
    int R = rank();
    if (R == 1) {
      int First = 1, Second = 2;
      mpi::Send(&First, 1, MPI_INT, 0, 9, MPI_COMM_WORLD);
      mpi::Send(&Second, 1, MPI_INT, 0, 9, MPI_COMM_WORLD);
    } else if (R == 0) {
      MPI_Message M;
      mpi::Mprobe(1, 9, MPI_COMM_WORLD, &M, MPI_STATUS_IGNORE);
      // The probed message is out of matching: this receive gets the second one.
      int Got = -1, Probed = -1;
      mpi::Recv(&Got, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      EXPECT_EQ(Got, 2);
      MPI_Request Q;
      mpi::Imrecv(&Probed, 1, MPI_INT, &M, &Q);
      mpi::Wait(&Q, MPI_STATUS_IGNORE);
      EXPECT_EQ(Probed, 1);
    }
    return 0;
  });
}

TEST(MatchedProbes, ImprobePollsAndProcNullGivesNoProc) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    MPI_Message M = MPI_MESSAGE_NULL;
    int Flag = 0;
    MPI_Status Status;
    mpi::Improbe(Left, 6, MPI_COMM_WORLD, &Flag, &M, &Status);
    mpi::Barrier(MPI_COMM_WORLD); // nobody has sent yet
    EXPECT_EQ(Flag, 0);
    mpi::Send(&R, 1, MPI_INT, Right, 6, MPI_COMM_WORLD);
    while (!Flag)
      mpi::Improbe(Left, 6, MPI_COMM_WORLD, &Flag, &M, &Status);
    int Got = -1;
    mpi::Mrecv(&Got, 1, MPI_INT, &M, MPI_STATUS_IGNORE);
    EXPECT_EQ(Got, Left);

    mpi::Mprobe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &M, &Status);
    EXPECT_TRUE(M == MPI_MESSAGE_NO_PROC);
    EXPECT_EQ(Status.MPI_SOURCE, MPI_PROC_NULL);
    mpi::Mrecv(&Got, 1, MPI_INT, &M, &Status);
    EXPECT_TRUE(M == MPI_MESSAGE_NULL);
    EXPECT_EQ(Status.MPI_SOURCE, MPI_PROC_NULL);
    mpi::Improbe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &Flag, &M, MPI_STATUS_IGNORE);
    EXPECT_EQ(Flag, 1);
    MPI_Request Q;
    mpi::Imrecv(&Got, 1, MPI_INT, &M, &Q);
    mpi::Wait(&Q, &Status);
    EXPECT_EQ(Status.MPI_SOURCE, MPI_PROC_NULL);
    return 0;
  });
}
