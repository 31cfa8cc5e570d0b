// region_test.cpp - olap regions: firing rules, buffered sends, deferred waits, priorities.
#include "runtime_test_support.h"

#include <vector>

using namespace bamboo;
using namespace bamboo::test;

namespace {
constexpr int Halo = 50000; // doubles: above the eager limit

// A receive posted by a plain function called inside the region joins its firing rule.
int postReceive(int Source, double *Into, int Count, MPI_Request *Request) {
  return mpi::Irecv(Into, Count, MPI_DOUBLE, Source, 1, MPI_COMM_WORLD, Request);
}

// The issue 10 helper: its request and status live in its own frame.
int sendAndWait(const int *Value, int To, int Tag) {
  MPI_Request Request;
  MPI_Status Status;
  mpi::Isend(Value, 1, MPI_INT, To, Tag, MPI_COMM_WORLD, &Request);
  mpi::Wait(&Request, &Status);
  EXPECT_EQ(Request, MPI_REQUEST_NULL); // the wait completed in the call
  return 0;
}

// Receives into its own local and returns what arrived.
int receiveValue(int From, int Tag) {
  int Value = -1;
  mpi::Recv(&Value, 1, MPI_INT, From, Tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return Value;
}

// A task with a region of its own, called inside another region.
int exchangeInOwnRegion(int Left, int Right, int Tag) {
  int Mine = rank(), FromLeft = -1;
  MPI_Status Status;
  Status.MPI_SOURCE = -99;
  {
    Region Olap;
    Olap.Recv(&FromLeft, 1, MPI_INT, Left, Tag, MPI_COMM_WORLD, &Status);
    Olap.Send(&Mine, 1, MPI_INT, Right, Tag, MPI_COMM_WORLD);
    EXPECT_EQ(Status.MPI_SOURCE, -99); // completes at this region's end
    Olap.complete();
  }
  EXPECT_EQ(Status.MPI_SOURCE, Left);
  return FromLeft;
}
} // namespace

TEST(Region, FiringRuleHoldsEveryReceiveOfTheRegion) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    std::vector<double> ToLeft(Halo, R), ToRight(Halo, R + 0.5);
    std::vector<double> FromLeft(Halo, -1), FromRight(Halo, -1);
    MPI_Status LeftStatus, RightStatus;
    LeftStatus.MPI_SOURCE = RightStatus.MPI_SOURCE = -99;
    {
      Region Olap;
      // Receives first: without the region these blocking calls would wait here.
      Olap.Recv(FromLeft.data(), Halo, MPI_DOUBLE, Left, 1, MPI_COMM_WORLD, &LeftStatus);
      MPI_Request FromRightRequest;
      postReceive(Right, FromRight.data(), Halo, &FromRightRequest); // never waited for
      EXPECT_EQ(LeftStatus.MPI_SOURCE, -99); // not completed before the region's end
      Olap.Send(ToRight.data(), Halo, MPI_DOUBLE, Right, 1, MPI_COMM_WORLD);
      Olap.Send(ToLeft.data(), Halo, MPI_DOUBLE, Left, 1, MPI_COMM_WORLD);
      EXPECT_EQ(Olap.complete(), MPI_SUCCESS);
      int Done = 0;
      mpi::Test(&FromRightRequest, &Done, &RightStatus);
      EXPECT_TRUE(Done); // the region waited for it
    }
    EXPECT_EQ(FromLeft[Halo - 1], Left + 0.5);
    EXPECT_EQ(FromRight[0], Right);
    EXPECT_EQ(LeftStatus.MPI_SOURCE, Left);
    EXPECT_EQ(RightStatus.MPI_SOURCE, Right);
    return 0;
  });
}

TEST(Region, SendsTakeTheirDataAtTheCall) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    std::vector<double> Out(Halo, R), In(Halo, -1);
    double Small = R, SmallIn = -1;
    {
      Region Olap;
      Olap.Recv(In.data(), Halo, MPI_DOUBLE, Left, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      Olap.Recv(&SmallIn, 1, MPI_DOUBLE, Left, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      Olap.Send(Out.data(), Halo, MPI_DOUBLE, Right, 2, MPI_COMM_WORLD);
      Olap.Send(&Small, 1, MPI_DOUBLE, Right, 3, MPI_COMM_WORLD);
      std::fill(Out.begin(), Out.end(), -7.0); // the sends already took their data
      Small = -7;
      Olap.complete();
    }
    EXPECT_EQ(In[0], Left);
    EXPECT_EQ(In[Halo - 1], Left);
    EXPECT_EQ(SmallIn, Left);
    return 0;
  });
}

TEST(Region, LargeSendsLandInStridedReceiveBuffers) {
  // Large buffered sends travel in pieces; a strided receive takes them through a staging
  // buffer, a contiguous one directly.
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    std::vector<double> Out(Halo), Strided(2 * Halo, -1), Plain(Halo, -1);
    for (int I = 0; I < Halo; ++I)
      Out[I] = R * 1e6 + I;
    MPI_Datatype EveryOther;
    MPI_Type_vector(Halo, 1, 2, MPI_DOUBLE, &EveryOther);
    MPI_Type_commit(&EveryOther);
    {
      Region Olap;
      Olap.Recv(Strided.data(), 1, EveryOther, Left, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      Olap.Recv(Plain.data(), Halo, MPI_DOUBLE, Left, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      Olap.Send(Out.data(), Halo, MPI_DOUBLE, Right, 4, MPI_COMM_WORLD);
      Olap.Send(Out.data(), Halo, MPI_DOUBLE, Right, 5, MPI_COMM_WORLD);
      Olap.complete();
    }
    for (int I = 0; I < Halo; ++I) {
      EXPECT_EQ(Strided[2 * I], Left * 1e6 + I) << "at " << I;
      EXPECT_EQ(Strided[2 * I + 1], -1) << "at " << I;
      EXPECT_EQ(Plain[I], Left * 1e6 + I) << "at " << I;
      if (::testing::Test::HasFailure())
        break;
    }
    MPI_Type_free(&EveryOther);
    return 0;
  });
}

TEST(Region, WaitsInsideTheRegionCompleteWithIt) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    int FromLeft = -1, Mine = R;
    MPI_Request Reqs[2];
    MPI_Status Statuses[2];
    {
      Region Olap(/*Priority=*/2);
      mpi::Irecv(&FromLeft, 1, MPI_INT, Left, 4, MPI_COMM_WORLD, &Reqs[0]);
      mpi::Isend(&Mine, 1, MPI_INT, Right, 4, MPI_COMM_WORLD, &Reqs[1]);
      EXPECT_EQ(Olap.Waitall(2, Reqs, Statuses), MPI_SUCCESS);
      EXPECT_NE(Reqs[0], MPI_REQUEST_NULL); // deferred to the region's end
      Olap.complete();
    }
    EXPECT_EQ(Reqs[0], MPI_REQUEST_NULL);
    EXPECT_EQ(Reqs[1], MPI_REQUEST_NULL);
    EXPECT_EQ(FromLeft, Left);
    EXPECT_EQ(Statuses[0].MPI_SOURCE, Left);
    return 0;
  });
}

// A region opened while another is open (here in the same function, as a called function
// would) is its own: it completes with its own firing rule, and the outer one goes on deferring.
TEST(Region, NestedRegionIsItsOwn) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    int A = -1, B = -1;
    MPI_Status OuterStatus;
    OuterStatus.MPI_SOURCE = -99;
    {
      Region Outer;
      Outer.Recv(&B, 1, MPI_INT, Right, 6, MPI_COMM_WORLD, &OuterStatus);
      {
        Region Inner;
        Inner.Recv(&A, 1, MPI_INT, Left, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        Inner.Send(&R, 1, MPI_INT, Right, 5, MPI_COMM_WORLD);
        EXPECT_EQ(Inner.complete(), MPI_SUCCESS);
      }
      EXPECT_EQ(A, Left);                     // the inner region has completed
      EXPECT_EQ(OuterStatus.MPI_SOURCE, -99); // the outer one still defers
      Outer.Send(&R, 1, MPI_INT, Left, 6, MPI_COMM_WORLD);
      Outer.complete();
    }
    EXPECT_EQ(B, Right);
    EXPECT_EQ(OuterStatus.MPI_SOURCE, Right);
    return 0;
  });
}

// Operations started while a region is open join its firing rule, from whatever function.
TEST(Region, StartedOperationsJoinTheOpenRegion) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    int A = -1, B = -1;
    {
      Region Outer;
      MPI_Request Requests[2];
      auto Post = [&] { mpi::Irecv(&B, 1, MPI_INT, Right, 12, MPI_COMM_WORLD, &Requests[0]); };
      Post(); // another function starts it
      mpi::Isend(&R, 1, MPI_INT, Left, 12, MPI_COMM_WORLD, &Requests[1]);
      Outer.Recv(&A, 1, MPI_INT, Left, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      Outer.Send(&R, 1, MPI_INT, Right, 11, MPI_COMM_WORLD);
      Outer.complete(); // waits for the Irecv too
      EXPECT_EQ(B, Right);
      int Done = 0;
      mpi::Testall(2, Requests, &Done, MPI_STATUSES_IGNORE);
      EXPECT_TRUE(Done);
    }
    EXPECT_EQ(A, Left);
    return 0;
  });
}

// Issue 10: a wait in a function called inside a region was deferred to the region's end,
// which then read the callee's request and wrote its status after its frame was freed (heap
// corruption), and a receive into a callee's local completed after the callee returned it.
// A blocking call of a called function completes in the call instead: only the calls made
// through the region object are deferred.
TEST(Region, TaskCalledInsideTheRegionRunsInProgramOrder) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    int FromLeft = -1;
    MPI_Status Status;
    Status.MPI_SOURCE = -99;
    {
      Region Olap;
      Olap.Recv(&FromLeft, 1, MPI_INT, Left, 7, MPI_COMM_WORLD, &Status);
      for (int Round = 0; Round < 3; ++Round) // frames reused by later calls
        sendAndWait(&R, Right, 8);
      Olap.Send(&R, 1, MPI_INT, Right, 7, MPI_COMM_WORLD);
      int Received = 0;
      for (int Round = 0; Round < 3; ++Round)
        Received += receiveValue(Left, 8);
      EXPECT_EQ(Received, 3 * Left);     // complete when the callee returns them
      EXPECT_EQ(Status.MPI_SOURCE, -99); // the region's own receive completes at its end
      EXPECT_EQ(Olap.complete(), MPI_SUCCESS);
    }
    EXPECT_EQ(FromLeft, Left);
    EXPECT_EQ(Status.MPI_SOURCE, Left);
    return 0;
  });
}

TEST(Region, RegionOfACalledTaskIsItsOwn) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    int FromRight = -1;
    MPI_Status Status;
    Status.MPI_SOURCE = -99;
    {
      Region Outer;
      Outer.Recv(&FromRight, 1, MPI_INT, Right, 9, MPI_COMM_WORLD, &Status);
      EXPECT_EQ(exchangeInOwnRegion(Left, Right, 10), Left);
      Outer.Send(&R, 1, MPI_INT, Left, 9, MPI_COMM_WORLD);
      EXPECT_EQ(Status.MPI_SOURCE, -99); // the outer region is open again, still deferring
      Outer.complete();
    }
    EXPECT_EQ(FromRight, Right);
    EXPECT_EQ(Status.MPI_SOURCE, Right);
    return 0;
  });
}

TEST(Region, HigherPriorityRunsFirst) {
  // In every process, local ranks 1 and 2 wait in regions of priority 1 and 5 for a message
  // from local rank 0; both become ready while rank 0 runs; priority 5 must run first.
  if (settings().VirtualRanksPerProcess < 3)
    GTEST_SKIP() << "needs three virtual ranks per process";
  Options O = settings();
  O.Workers = 1; // the order is only defined with one worker
  int VF = O.VirtualRanksPerProcess;
  std::vector<int> Order;
  runRanks(
      [&](int, char **) -> int {
        int R = rank(), Local = R % VF, First = R - Local;
        if (Local == 1 || Local == 2) {
          int Value = 0;
          {
            Region Olap(Local == 1 ? 1 : 5);
            Olap.Recv(&Value, 1, MPI_INT, First, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            Olap.Send(&R, 1, MPI_INT, First, 1, MPI_COMM_WORLD); // "I am waiting"
            Olap.complete();
          }
          Order.push_back(Local);
        } else if (Local == 0) {
          int Ready;
          mpi::Recv(&Ready, 1, MPI_INT, First + 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          mpi::Recv(&Ready, 1, MPI_INT, First + 2, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          mpi::Send(&R, 1, MPI_INT, First + 1, 0, MPI_COMM_WORLD);
          mpi::Send(&R, 1, MPI_INT, First + 2, 0, MPI_COMM_WORLD);
        }
        return 0;
      },
      O);
  ASSERT_EQ(Order.size(), 2u);
  EXPECT_EQ(Order[0], 2);
  EXPECT_EQ(Order[1], 1);
}
