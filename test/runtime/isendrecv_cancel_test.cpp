// isendrecv_cancel_test.cpp - MPI_Isendrecv, MPI_Isendrecv_replace and MPI_Cancel.
#include "runtime_test_support.h"

#include <vector>

using namespace bamboo;
using namespace bamboo::test;

TEST(Isendrecv, RingWithSmallAndLargeMessages) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    for (int Length : {1, 60000}) {
      std::vector<double> Out(Length, R), In(Length, -1), Both(Length, R + 0.5);
      MPI_Request Q[2];
      mpi::Isendrecv(Out.data(), Length, MPI_DOUBLE, Right, 1, In.data(), Length, MPI_DOUBLE, Left,
                     1, MPI_COMM_WORLD, &Q[0]);
      mpi::Isendrecv_replace(Both.data(), Length, MPI_DOUBLE, Left, 2, Right, 2, MPI_COMM_WORLD,
                             &Q[1]);
      MPI_Status Statuses[2];
      mpi::Waitall(2, Q, Statuses);
      EXPECT_EQ(In[Length - 1], Left);
      EXPECT_EQ(Both[Length - 1], Right + 0.5);
      EXPECT_EQ(Statuses[0].MPI_SOURCE, Left);
      EXPECT_EQ(Statuses[1].MPI_SOURCE, Right);
      EXPECT_EQ(Statuses[1].MPI_TAG, 2);
      int Count = -1;
      MPI_Get_count(&Statuses[0], MPI_DOUBLE, &Count);
      EXPECT_EQ(Count, Length);
    }
    // Inside an olap region: part of the firing rule.
    double Out = R, In = -1;
    MPI_Request Q;
    {
      Region Olap;
      mpi::Isendrecv(&Out, 1, MPI_DOUBLE, Right, 3, &In, 1, MPI_DOUBLE, Left, 3, MPI_COMM_WORLD,
                     &Q);
      mpi::Wait(&Q, MPI_STATUS_IGNORE);
      Olap.complete();
    }
    EXPECT_EQ(In, Left);
    return 0;
  });
}

TEST(Cancel, AnUnmatchedReceiveIsCancelled) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    int Never = -1, Got = -1;
    MPI_Request Q;
    mpi::Irecv(&Never, 1, MPI_INT, Left, 99, MPI_COMM_WORLD, &Q);
    mpi::Cancel(&Q);
    MPI_Status Status;
    mpi::Wait(&Q, &Status);
    int Cancelled = 0;
    MPI_Test_cancelled(&Status, &Cancelled);
    EXPECT_EQ(Cancelled, 1);
    EXPECT_EQ(Never, -1);

    // Matched before the cancel: it completes normally.
    mpi::Send(&R, 1, MPI_INT, Right, 8, MPI_COMM_WORLD);
    mpi::Probe(Left, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    mpi::Irecv(&Got, 1, MPI_INT, Left, 8, MPI_COMM_WORLD, &Q);
    mpi::Cancel(&Q);
    mpi::Wait(&Q, &Status);
    MPI_Test_cancelled(&Status, &Cancelled);
    EXPECT_EQ(Cancelled, 0);
    EXPECT_EQ(Got, Left);

    // A send is not cancelled: the message arrives.
    int Value = 100 + R;
    mpi::Isend(&Value, 1, MPI_INT, Right, 10, MPI_COMM_WORLD, &Q);
    mpi::Cancel(&Q);
    mpi::Wait(&Q, &Status);
    MPI_Test_cancelled(&Status, &Cancelled);
    EXPECT_EQ(Cancelled, 0);
    mpi::Recv(&Got, 1, MPI_INT, Left, 10, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    EXPECT_EQ(Got, 100 + Left);
    return 0;
  });
}
