// requests_test.cpp - nonblocking operations and test/wait in all their forms.
#include "runtime_test_support.h"

#include <algorithm>
#include <set>
#include <vector>

using namespace bamboo;
using namespace bamboo::test;

TEST(Requests, WaitallCompletesHaloExchange) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    int FromLeft = -1, FromRight = -1, Mine = R;
    std::vector<double> BigOut(60000, R), BigIn(60000);
    MPI_Request Reqs[6];
    mpi::Irecv(&FromLeft, 1, MPI_INT, Left, 0, MPI_COMM_WORLD, &Reqs[0]);
    mpi::Irecv(&FromRight, 1, MPI_INT, Right, 1, MPI_COMM_WORLD, &Reqs[1]);
    mpi::Irecv(BigIn.data(), 60000, MPI_DOUBLE, Left, 2, MPI_COMM_WORLD, &Reqs[2]);
    mpi::Isend(&Mine, 1, MPI_INT, Right, 0, MPI_COMM_WORLD, &Reqs[3]);
    mpi::Isend(&Mine, 1, MPI_INT, Left, 1, MPI_COMM_WORLD, &Reqs[4]);
    mpi::Isend(BigOut.data(), 60000, MPI_DOUBLE, Right, 2, MPI_COMM_WORLD, &Reqs[5]);
    MPI_Status Statuses[6];
    EXPECT_EQ(mpi::Waitall(6, Reqs, Statuses), MPI_SUCCESS);
    EXPECT_EQ(FromLeft, Left);
    EXPECT_EQ(FromRight, Right);
    EXPECT_EQ(BigIn[59999], Left);
    EXPECT_EQ(Statuses[0].MPI_SOURCE, Left);
    EXPECT_EQ(Statuses[1].MPI_SOURCE, Right);
    EXPECT_EQ(Statuses[2].MPI_TAG, 2);
    for (MPI_Request Q : Reqs)
      EXPECT_EQ(Q, MPI_REQUEST_NULL);
    return 0;
  });
}

TEST(Requests, WaitanyReturnsEachCompletionOnce) {
  BAMBOO_NEED_RANKS(2);
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    if (R != 0) {
      mpi::Send(&R, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
      return 0;
    }
    std::vector<int> Values(S, -1);
    std::vector<MPI_Request> Reqs(S, MPI_REQUEST_NULL); // slot 0 stays null
    for (int I = 1; I < S; ++I)
      mpi::Irecv(&Values[I], 1, MPI_INT, I, 0, MPI_COMM_WORLD, &Reqs[I]);
    std::set<int> Seen;
    for (int I = 1; I < S; ++I) {
      int Index = -1;
      MPI_Status Status;
      mpi::Waitany(S, Reqs.data(), &Index, &Status);
      EXPECT_TRUE(Index >= 1 && Index < S);
      EXPECT_EQ(Status.MPI_SOURCE, Index);
      EXPECT_EQ(Values[Index], Index);
      Seen.insert(Index);
    }
    EXPECT_EQ(static_cast<int>(Seen.size()), S - 1);
    int Index = 0;
    mpi::Waitany(S, Reqs.data(), &Index, MPI_STATUS_IGNORE);
    EXPECT_EQ(Index, MPI_UNDEFINED);
    return 0;
  });
}

TEST(Requests, WaitsomeAndTestsomeReportCompletedIndices) {
  BAMBOO_NEED_RANKS(2);
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    if (R != 0) {
      mpi::Send(&R, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
      mpi::Send(&R, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
      return 0;
    }
    for (int Tag : {0, 1}) {
      std::vector<int> Values(S);
      std::vector<MPI_Request> Reqs(S - 1);
      for (int I = 1; I < S; ++I)
        mpi::Irecv(&Values[I], 1, MPI_INT, I, Tag, MPI_COMM_WORLD, &Reqs[I - 1]);
      int Done = 0;
      while (Done < S - 1) {
        std::vector<int> Indices(S - 1);
        std::vector<MPI_Status> Statuses(S - 1);
        int Out = -1;
        if (Tag == 0)
          mpi::Waitsome(S - 1, Reqs.data(), &Out, Indices.data(), Statuses.data());
        else
          mpi::Testsome(S - 1, Reqs.data(), &Out, Indices.data(), Statuses.data());
        if (Tag == 0) {
          EXPECT_GE(Out, 1);
        }
        for (int K = 0; K < Out; ++K) {
          EXPECT_EQ(Statuses[K].MPI_SOURCE, Indices[K] + 1);
          EXPECT_EQ(Reqs[Indices[K]], MPI_REQUEST_NULL);
        }
        Done += Out;
      }
      int Out = 0;
      mpi::Waitsome(S - 1, Reqs.data(), &Out, nullptr, MPI_STATUSES_IGNORE);
      EXPECT_EQ(Out, MPI_UNDEFINED);
      for (int I = 1; I < S; ++I)
        EXPECT_EQ(Values[I], I);
    }
    return 0;
  });
}

TEST(Requests, TestLoopLetsTheSenderRun) {
  if (settings().VirtualRanksPerProcess < 2)
    GTEST_SKIP() << "needs two virtual ranks per process";
  int VF = settings().VirtualRanksPerProcess;
  runRanks([&](int, char **) -> int {
    int R = rank(), Local = R % VF;
    if (Local % 2 == 1) {
      mpi::Send(&R, 1, MPI_INT, R - 1, 0, MPI_COMM_WORLD);
    } else if (Local + 1 < VF) {
      int Value = -1, Flag = 0;
      MPI_Request Req;
      mpi::Irecv(&Value, 1, MPI_INT, R + 1, 0, MPI_COMM_WORLD, &Req);
      while (!Flag)
        mpi::Test(&Req, &Flag, MPI_STATUS_IGNORE);
      EXPECT_EQ(Value, R + 1);
      EXPECT_EQ(Req, MPI_REQUEST_NULL);
    }
    return 0;
  });
}

TEST(Requests, TestallAndTestanyOnCompletedAndNullRequests) {
  runRanks([&](int, char **) -> int {
    int R = rank(), Value = -1;
    MPI_Request Reqs[3] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    mpi::Irecv(&Value, 1, MPI_INT, R, 0, MPI_COMM_WORLD, &Reqs[1]); // from itself
    int Flag = 0, Index = -1;
    mpi::Testany(3, Reqs, &Index, &Flag, MPI_STATUS_IGNORE);
    EXPECT_EQ(Flag, 0);
    mpi::Isend(&R, 1, MPI_INT, R, 0, MPI_COMM_WORLD, &Reqs[2]);
    while (!Flag)
      mpi::Testall(3, Reqs, &Flag, MPI_STATUSES_IGNORE);
    EXPECT_EQ(Value, R);
    for (MPI_Request Q : Reqs)
      EXPECT_EQ(Q, MPI_REQUEST_NULL);
    mpi::Testany(3, Reqs, &Index, &Flag, MPI_STATUS_IGNORE);
    EXPECT_EQ(Flag, 1);
    EXPECT_EQ(Index, MPI_UNDEFINED);
    MPI_Request Null = MPI_REQUEST_NULL;
    MPI_Status Status;
    EXPECT_EQ(mpi::Wait(&Null, &Status), MPI_SUCCESS);
    EXPECT_EQ(Status.MPI_SOURCE, MPI_ANY_SOURCE);
    return 0;
  });
}

TEST(Requests, FreedRequestsStillDeliver) {
  BAMBOO_NEED_RANKS(2);
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    if (R == 0) {
      std::vector<double> Big(100000, 5);
      MPI_Request Req;
      mpi::Isend(Big.data(), 100000, MPI_DOUBLE, S - 1, 0, MPI_COMM_WORLD, &Req);
      mpi::Request_free(&Req);
      EXPECT_EQ(Req, MPI_REQUEST_NULL);
      int Ack = 0; // the buffer must live until the receiver has it
      mpi::Recv(&Ack, 1, MPI_INT, S - 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (R == S - 1) {
      std::vector<double> Big(100000);
      mpi::Recv(Big.data(), 100000, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      EXPECT_EQ(Big[99999], 5);
      int Ack = 1;
      mpi::Send(&Ack, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    return 0;
  });
}
