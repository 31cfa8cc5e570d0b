// persistent_test.cpp - persistent requests: MPI_Send_init and its modes, MPI_Recv_init,
// MPI_Start, MPI_Startall, inactive requests, MPI_Request_free, and olap regions.
#include "runtime_test_support.h"

#include <vector>

using namespace bamboo;
using namespace bamboo::test;

namespace {
constexpr int Large = 50000; // doubles: above the eager limit
} // namespace

TEST(Persistent, RingOverManyRoundsWithStartall) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    int Out = -1, In = -1;
    MPI_Request Requests[2];
    mpi::Recv_init(&In, 1, MPI_INT, Left, 4, MPI_COMM_WORLD, &Requests[0]);
    mpi::Send_init(&Out, 1, MPI_INT, Right, 4, MPI_COMM_WORLD, &Requests[1]);
    for (int Round = 0; Round < 5; ++Round) {
      Out = 100 * Round + R; // the send takes what the buffer holds at the start
      mpi::Startall(2, Requests);
      MPI_Status Statuses[2];
      mpi::Waitall(2, Requests, Statuses);
      EXPECT_EQ(In, 100 * Round + Left);
      EXPECT_EQ(Statuses[0].MPI_SOURCE, Left);
      EXPECT_EQ(Statuses[0].MPI_TAG, 4);
      EXPECT_NE(Requests[0], MPI_REQUEST_NULL); // inactive, not freed
      EXPECT_NE(Requests[1], MPI_REQUEST_NULL);
    }
    // An inactive request completes at once with an empty status, as MPI_REQUEST_NULL does.
    MPI_Status Status;
    Status.MPI_SOURCE = -99;
    mpi::Wait(&Requests[0], &Status);
    EXPECT_EQ(Status.MPI_SOURCE, MPI_ANY_SOURCE);
    EXPECT_EQ(Status.MPI_TAG, MPI_ANY_TAG);
    int Flag = 0, Index = -2;
    mpi::Test(&Requests[1], &Flag, MPI_STATUS_IGNORE);
    EXPECT_EQ(Flag, 1);
    mpi::Waitany(2, Requests, &Index, MPI_STATUS_IGNORE);
    EXPECT_EQ(Index, MPI_UNDEFINED);
    mpi::Request_free(&Requests[0]);
    mpi::Request_free(&Requests[1]);
    EXPECT_EQ(Requests[0], MPI_REQUEST_NULL);
    EXPECT_EQ(Requests[1], MPI_REQUEST_NULL);
    return 0;
  });
}

TEST(Persistent, SendModesAndLargeMessages) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    std::vector<double> Out(Large), In(Large, -1);
    // The buffered send needs a buffer, as under MPI.
    std::vector<char> Buffer(Large * sizeof(double) + MPI_BSEND_OVERHEAD);
    mpi::Buffer_attach(Buffer.data(), static_cast<int>(Buffer.size()));
    MPI_Request Recv, Sends[4];
    // Any source and tag: the status tells which send arrived.
    mpi::Recv_init(In.data(), Large, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD,
                   &Recv);
    mpi::Send_init(Out.data(), Large, MPI_DOUBLE, Right, 10, MPI_COMM_WORLD, &Sends[0]);
    mpi::Ssend_init(Out.data(), Large, MPI_DOUBLE, Right, 11, MPI_COMM_WORLD, &Sends[1]);
    mpi::Bsend_init(Out.data(), Large, MPI_DOUBLE, Right, 12, MPI_COMM_WORLD, &Sends[2]);
    mpi::Rsend_init(Out.data(), Large, MPI_DOUBLE, Right, 13, MPI_COMM_WORLD, &Sends[3]);
    for (int Mode = 0; Mode < 4; ++Mode) {
      std::fill(Out.begin(), Out.end(), 10.0 * R + Mode);
      mpi::Start(&Recv);
      mpi::Barrier(MPI_COMM_WORLD); // every receive is posted: Rsend may go
      mpi::Start(&Sends[Mode]);
      MPI_Status Status;
      mpi::Wait(&Recv, &Status);
      mpi::Wait(&Sends[Mode], MPI_STATUS_IGNORE);
      int Count = -1;
      MPI_Get_count(&Status, MPI_DOUBLE, &Count);
      EXPECT_EQ(Count, Large);
      EXPECT_EQ(Status.MPI_SOURCE, Left);
      EXPECT_EQ(Status.MPI_TAG, 10 + Mode);
      EXPECT_EQ(In[0], 10.0 * Left + Mode);
      EXPECT_EQ(In[Large - 1], 10.0 * Left + Mode);
    }
    mpi::Request_free(&Recv);
    for (MPI_Request &Send : Sends)
      mpi::Request_free(&Send);
    void *Detached = nullptr;
    int DetachedSize = 0;
    mpi::Buffer_detach(&Detached, &DetachedSize);
    return 0;
  });
}

TEST(Persistent, StartedReceivesJoinTheFiringRule) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    std::vector<double> Out(Large), In(Large, -1);
    double Small = -1, SmallIn = -1;
    MPI_Request Requests[3];
    mpi::Recv_init(In.data(), Large, MPI_DOUBLE, Left, 1, MPI_COMM_WORLD, &Requests[0]);
    mpi::Recv_init(&SmallIn, 1, MPI_DOUBLE, Left, 2, MPI_COMM_WORLD, &Requests[1]);
    mpi::Send_init(Out.data(), Large, MPI_DOUBLE, Right, 1, MPI_COMM_WORLD, &Requests[2]);
    for (int Step = 0; Step < 3; ++Step) {
      std::fill(Out.begin(), Out.end(), 100.0 * Step + R);
      Small = Step + 0.5;
      MPI_Request Once;
      {
        Region Olap;
        mpi::Startall(3, Requests);
        mpi::Isend(&Small, 1, MPI_DOUBLE, Right, 2, MPI_COMM_WORLD, &Once);
        // The large send took its data at the start: the buffer may change at once.
        std::fill(Out.begin(), Out.end(), -7.0);
        mpi::Wait(&Requests[2], MPI_STATUS_IGNORE); // deferred to the region's end
        mpi::Wait(&Once, MPI_STATUS_IGNORE);
        EXPECT_EQ(Olap.complete(), MPI_SUCCESS);
      }
      // Both receives were in the firing rule; nothing waited for them.
      EXPECT_EQ(In[Large - 1], 100.0 * Step + Left);
      EXPECT_EQ(SmallIn, Step + 0.5);
      int Done = 0;
      mpi::Testall(2, Requests, &Done, MPI_STATUSES_IGNORE);
      EXPECT_EQ(Done, 1);
      int Flag = 0;
      mpi::Test(&Requests[2], &Flag, MPI_STATUS_IGNORE); // inactive after the wait
      EXPECT_EQ(Flag, 1);
    }
    for (MPI_Request &Request : Requests)
      mpi::Request_free(&Request);
    return 0;
  });
}

TEST(Persistent, FreeingAnActiveRequestLetsItComplete) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    int First = -1, Second = -1, Out = R;
    MPI_Request Recv;
    mpi::Recv_init(&First, 1, MPI_INT, Left, 5, MPI_COMM_WORLD, &Recv);
    mpi::Start(&Recv);
    mpi::Request_free(&Recv); // still matches the next message from the left
    EXPECT_EQ(Recv, MPI_REQUEST_NULL);
    mpi::Send(&Out, 1, MPI_INT, Right, 5, MPI_COMM_WORLD);
    Out = R + 1000;
    mpi::Send(&Out, 1, MPI_INT, Right, 5, MPI_COMM_WORLD);
    // Messages of a pair do not overtake: once the second is here, the first was taken.
    mpi::Recv(&Second, 1, MPI_INT, Left, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    EXPECT_EQ(Second, Left + 1000);
    EXPECT_EQ(First, Left);
    return 0;
  });
}
