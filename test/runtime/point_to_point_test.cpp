// point_to_point_test.cpp - MPI's point-to-point meaning for virtual ranks.
#include "runtime_test_support.h"

#include <cstring>
#include <numeric>
#include <set>
#include <vector>

using namespace bamboo;
using namespace bamboo::test;

namespace {
// Larger than the default eager limit, so it takes the rendezvous path.
constexpr int LargeCount = 100000; // doubles: 800 KB
} // namespace

TEST(PointToPoint, TokenTravelsAroundTheRing) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size(), Token = 0;
    if (R == 0) {
      Token = 1;
      mpi::Send(&Token, 1, MPI_INT, 1 % S, 0, MPI_COMM_WORLD);
      mpi::Recv(&Token, 1, MPI_INT, S - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      EXPECT_EQ(Token, 1 + S * (S - 1) / 2);
    } else {
      mpi::Recv(&Token, 1, MPI_INT, R - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      Token += R;
      mpi::Send(&Token, 1, MPI_INT, (R + 1) % S, 0, MPI_COMM_WORLD);
    }
    return 0;
  });
}

TEST(PointToPoint, AnySourceReceivesFromEveryRank) {
  BAMBOO_NEED_RANKS(2);
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    if (R != 0) {
      mpi::Send(&R, 1, MPI_INT, 0, 9, MPI_COMM_WORLD);
      return 0;
    }
    std::set<int> From;
    for (int I = 1; I < S; ++I) {
      int Value = -1;
      MPI_Status Status;
      mpi::Recv(&Value, 1, MPI_INT, MPI_ANY_SOURCE, 9, MPI_COMM_WORLD, &Status);
      EXPECT_EQ(Status.MPI_SOURCE, Value);
      EXPECT_EQ(Status.MPI_TAG, 9);
      From.insert(Value);
    }
    EXPECT_EQ(static_cast<int>(From.size()), S - 1);
    return 0;
  });
}

TEST(PointToPoint, StatusHasSourceTagErrorAndCount) {
  BAMBOO_NEED_RANKS(2);
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Peer = S - 1; // on another process whenever there are several
    if (R == Peer) {
      int Data[3] = {4, 5, 6};
      mpi::Send(Data, 3, MPI_INT, 0, 42, MPI_COMM_WORLD);
    } else if (R == 0) {
      int Data[10] = {};
      MPI_Status Status;
      EXPECT_EQ(mpi::Recv(Data, 10, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &Status),
                MPI_SUCCESS);
      int Count = -1;
      MPI_Get_count(&Status, MPI_INT, &Count);
      EXPECT_EQ(Count, 3);
      EXPECT_EQ(Status.MPI_SOURCE, Peer);
      EXPECT_EQ(Status.MPI_TAG, 42);
      EXPECT_EQ(Status.MPI_ERROR, MPI_SUCCESS);
      EXPECT_EQ(Data[2], 6);
      MPI_Get_count(&Status, MPI_BYTE, &Count);
      EXPECT_EQ(Count, 12);
    }
    return 0;
  });
}

TEST(PointToPoint, MessagesBetweenAPairDoNotOvertake) {
  BAMBOO_NEED_RANKS(2);
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    constexpr int N = 40;
    // Small (eager) and large (rendezvous) messages alternate, on two tags. Nonblocking
    // sends: the receiver takes tag 1 first, and a blocking large send would wait for it.
    std::vector<double> Big(LargeCount);
    if (R == S - 1) {
      std::vector<std::vector<double>> Out(N);
      std::vector<MPI_Request> Reqs(N);
      for (int I = 0; I < N; ++I) {
        int Tag = I % 3 == 0 ? 1 : 0;
        Out[I].assign(I % 4 == 1 ? LargeCount : 1, I);
        mpi::Isend(Out[I].data(), static_cast<int>(Out[I].size()), MPI_DOUBLE, 0, Tag,
                   MPI_COMM_WORLD, &Reqs[I]);
      }
      mpi::Waitall(N, Reqs.data(), MPI_STATUSES_IGNORE);
    } else if (R == 0) {
      // All of tag 1 first, then tag 0 with a wildcard: each in send order.
      std::vector<int> Tag1, Tag0;
      for (int I = 0; I < N; ++I)
        (I % 3 == 0 ? Tag1 : Tag0).push_back(I);
      for (int Expected : Tag1) {
        mpi::Recv(Big.data(), LargeCount, MPI_DOUBLE, S - 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        EXPECT_EQ(Big[0], Expected);
      }
      for (int Expected : Tag0) {
        mpi::Recv(Big.data(), LargeCount, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD,
                  MPI_STATUS_IGNORE);
        EXPECT_EQ(Big[0], Expected);
      }
    }
    return 0;
  });
}

// Under MPI_ERRORS_RETURN an invalid argument is the call's return value, not the end of the
// job (issue 10), and nothing is sent, received or left pending.
TEST(PointToPoint, ArgumentErrorsAreReturnedWithErrorsReturn) {
  runRanks([&](int, char **) -> int {
    int S = size(), Value = 1;
    MPI_Comm Comm;
    mpi::Comm_dup(MPI_COMM_WORLD, &Comm);
    mpi::Comm_set_errhandler(Comm, MPI_ERRORS_RETURN);
    EXPECT_EQ(mpi::Send(&Value, 1, MPI_INT, S, 0, Comm), MPI_ERR_RANK);
    EXPECT_EQ(mpi::Send(&Value, 1, MPI_INT, 0, -5, Comm), MPI_ERR_TAG);
    EXPECT_EQ(mpi::Ssend(&Value, -1, MPI_INT, 0, 0, Comm), MPI_ERR_COUNT);
    EXPECT_EQ(mpi::Recv(&Value, 1, MPI_DATATYPE_NULL, 0, 0, Comm, MPI_STATUS_IGNORE), MPI_ERR_TYPE);
    EXPECT_EQ(mpi::Recv(&Value, 1, MPI_INT, -7, 0, Comm, MPI_STATUS_IGNORE), MPI_ERR_RANK);
    MPI_Request Request;
    std::memset(&Request, 0xff, sizeof Request); // neither MPI_REQUEST_NULL nor a request
    EXPECT_EQ(mpi::Irecv(&Value, 1, MPI_INT, 0, MPI_ANY_TAG - 1, Comm, &Request), MPI_ERR_TAG);
    EXPECT_EQ(Request, MPI_REQUEST_NULL);
    std::memset(&Request, 0xff, sizeof Request);
    EXPECT_EQ(mpi::Isend(&Value, 1, MPI_INT, S + 3, 0, Comm, &Request), MPI_ERR_RANK);
    EXPECT_EQ(Request, MPI_REQUEST_NULL);
    EXPECT_EQ(mpi::Send_init(&Value, 1, MPI_INT, 0, -1, Comm, &Request), MPI_ERR_TAG);
    EXPECT_EQ(
        mpi::Sendrecv(&Value, 1, MPI_INT, 0, 0, &Value, 1, MPI_INT, S, 0, Comm, MPI_STATUS_IGNORE),
        MPI_ERR_RANK);
    EXPECT_EQ(mpi::Probe(S, 0, Comm, MPI_STATUS_IGNORE), MPI_ERR_RANK);
    int Flag = 1;
    EXPECT_EQ(mpi::Iprobe(0, -3, Comm, &Flag, MPI_STATUS_IGNORE), MPI_ERR_TAG);
    EXPECT_EQ(Flag, 0);
    {
      Region Olap;
      EXPECT_EQ(mpi::Recv(&Value, 1, MPI_INT, S, 0, Comm, MPI_STATUS_IGNORE), MPI_ERR_RANK);
      Olap.complete(); // nothing was posted: completes at once
    }
    // The communicator still works.
    int Sum = 0;
    mpi::Allreduce(&Value, &Sum, 1, MPI_INT, MPI_SUM, Comm);
    EXPECT_EQ(Sum, S);
    mpi::Comm_free(&Comm);
    return 0;
  });
}

TEST(PointToPoint, TruncationIsReportedWithErrorsReturn) {
  BAMBOO_NEED_RANKS(2);
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    mpi::Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (R == S - 1) {
      std::vector<int> Small(10), Large(LargeCount * 2);
      std::iota(Small.begin(), Small.end(), 0);
      std::iota(Large.begin(), Large.end(), 0);
      mpi::Send(Small.data(), 10, MPI_INT, 0, 1, MPI_COMM_WORLD);
      mpi::Send(Large.data(), LargeCount * 2, MPI_INT, 0, 2, MPI_COMM_WORLD);
    } else if (R == 0) {
      std::vector<int> Into(LargeCount, -1);
      MPI_Status Status;
      EXPECT_EQ(mpi::Recv(Into.data(), 5, MPI_INT, S - 1, 1, MPI_COMM_WORLD, &Status),
                MPI_ERR_TRUNCATE);
      EXPECT_EQ(Status.MPI_ERROR, MPI_ERR_TRUNCATE);
      EXPECT_EQ(Into[4], 4);
      EXPECT_EQ(Into[5], -1); // nothing beyond the buffer
      EXPECT_EQ(mpi::Recv(Into.data(), LargeCount, MPI_INT, S - 1, 2, MPI_COMM_WORLD, &Status),
                MPI_ERR_TRUNCATE);
      EXPECT_EQ(Into[LargeCount - 1], LargeCount - 1);
    }
    return 0;
  });
}

TEST(PointToPoint, ProcNullCompletesAtOnce) {
  runRanks([&](int, char **) -> int {
    int Value = 3;
    MPI_Status Status;
    EXPECT_EQ(mpi::Send(&Value, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD), MPI_SUCCESS);
    EXPECT_EQ(mpi::Recv(&Value, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &Status),
              MPI_SUCCESS);
    EXPECT_EQ(Status.MPI_SOURCE, MPI_PROC_NULL);
    EXPECT_EQ(Status.MPI_TAG, MPI_ANY_TAG);
    int Count = -1;
    MPI_Get_count(&Status, MPI_INT, &Count);
    EXPECT_EQ(Count, 0);
    EXPECT_EQ(Value, 3);
    return 0;
  });
}

TEST(PointToPoint, LargeMessagesInBothDirections) {
  BAMBOO_NEED_RANKS(2);
  if (jobRanks() % 2)
    GTEST_SKIP() << "the even/odd ordering needs an even number of ranks";
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    std::vector<double> Out(LargeCount, R), In(LargeCount, -1);
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    // Blocking large sends may wait for the receive, as MPI_Send may: order them safely.
    if (R % 2 == 0) {
      mpi::Send(Out.data(), LargeCount, MPI_DOUBLE, Right, 0, MPI_COMM_WORLD);
      mpi::Recv(In.data(), LargeCount, MPI_DOUBLE, Left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      mpi::Recv(In.data(), LargeCount, MPI_DOUBLE, Left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      mpi::Send(Out.data(), LargeCount, MPI_DOUBLE, Right, 0, MPI_COMM_WORLD);
    }
    EXPECT_EQ(In.front(), Left);
    EXPECT_EQ(In.back(), Left);
    return 0;
  });
}

TEST(PointToPoint, SynchronousSendCompletesOnlyOnceReceived) {
  BAMBOO_NEED_RANKS(2);
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size(), Data = 11, Go = 1;
    if (R == 0) {
      MPI_Request Sync, Standard;
      mpi::Issend(&Data, 1, MPI_INT, S - 1, 1, MPI_COMM_WORLD, &Sync);
      mpi::Isend(&Data, 1, MPI_INT, S - 1, 3, MPI_COMM_WORLD, &Standard);
      int SyncDone = -1, StandardDone = -1;
      mpi::Test(&Standard, &StandardDone, MPI_STATUS_IGNORE);
      mpi::Test(&Sync, &SyncDone, MPI_STATUS_IGNORE);
      EXPECT_EQ(StandardDone, 1); // small standard sends are buffered
      EXPECT_EQ(SyncDone, 0);     // the receiver waits for "go" before receiving
      mpi::Send(&Go, 1, MPI_INT, S - 1, 2, MPI_COMM_WORLD);
      mpi::Wait(&Sync, MPI_STATUS_IGNORE);
      EXPECT_EQ(Sync, MPI_REQUEST_NULL);
    } else if (R == S - 1) {
      int In = 0;
      mpi::Recv(&In, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      mpi::Recv(&In, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      EXPECT_EQ(In, 11);
      mpi::Recv(&In, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    return 0;
  });
}

TEST(PointToPoint, SendrecvAndSendrecvReplaceShiftValues) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    std::vector<double> Out(LargeCount, R), In(LargeCount);
    MPI_Status Status;
    mpi::Sendrecv(Out.data(), LargeCount, MPI_DOUBLE, Right, 4, In.data(), LargeCount, MPI_DOUBLE,
                  Left, 4, MPI_COMM_WORLD, &Status);
    EXPECT_EQ(In[LargeCount / 2], Left);
    EXPECT_EQ(Status.MPI_SOURCE, Left);
    int Value = R;
    mpi::Sendrecv_replace(&Value, 1, MPI_INT, Right, 5, Left, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    EXPECT_EQ(Value, Left);
    return 0;
  });
}
