// send_in_parts_test.cpp - sends started before their buffer is written (bamboo::isendInParts),
// as the translator's strip mining emits them: the buffer filled block by block after the start.
#include "runtime_test_support.h"

#include <climits>
#include <vector>

using namespace bamboo;
using namespace bamboo::test;

namespace {
// Fills Out[I] = Value(I) front to back, in the blocks sendPartEnd gives, saying each ready;
// returns how many blocks it took.
template <class Fn> int fillInParts(std::vector<double> &Out, MPI_Request Q, Fn Value) {
  int Blocks = 0;
  long long N = static_cast<long long>(Out.size());
  for (long long I = 0; I < N;) {
    long long End = 0;
    EXPECT_EQ(sendPartEnd(Q, I, sizeof(double), &End), MPI_SUCCESS);
    EXPECT_GT(End, I);
    for (; I < N && I < End; ++I)
      Out[static_cast<std::size_t>(I)] = Value(I);
    sendReady(Q, I, sizeof(double));
    ++Blocks;
  }
  sendReadyAll(Q);
  return Blocks;
}
} // namespace

TEST(SendInParts, ABufferWrittenAfterTheStartArrivesWhole) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    // Small (eager), and large: in parts when the neighbour is in another process.
    for (int Length : {3, 200000}) {
      std::vector<double> Out(Length, -7), In(Length, -1);
      MPI_Request Q[2];
      mpi::Irecv(In.data(), Length, MPI_DOUBLE, Left, 4, MPI_COMM_WORLD, &Q[0]);
      isendInParts(Out.data(), Length, MPI_DOUBLE, Right, 4, MPI_COMM_WORLD, &Q[1]);
      int Blocks = fillInParts(Out, Q[1], [&](long long I) { return R * 1e6 + double(I); });
      bool Remote =
          (Right / settings().VirtualRanksPerProcess) != (R / settings().VirtualRanksPerProcess);
      if (Remote && Length > 1000)
        EXPECT_GT(Blocks, 3); // one block per part
      else
        EXPECT_EQ(Blocks, 1); // leaves whole: one block
      MPI_Status Statuses[2];
      mpi::Waitall(2, Q, Statuses);
      int Count = -1;
      MPI_Get_count(&Statuses[0], MPI_DOUBLE, &Count);
      EXPECT_EQ(Count, Length);
      EXPECT_EQ(In[0], Left * 1e6);
      EXPECT_EQ(In[Length - 1], Left * 1e6 + Length - 1);
    }
    return 0;
  });
}

TEST(SendInParts, KeepsItsPlaceInMatchingAndIsSeenByProbes) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    const int Length = 100000;
    std::vector<double> First(Length), Second(Length, 2.0), In(Length);
    MPI_Request Q[2];
    isendInParts(First.data(), Length, MPI_DOUBLE, Right, 9, MPI_COMM_WORLD, &Q[0]);
    fillInParts(First, Q[0], [](long long) { return 1.0; });
    mpi::Isend(Second.data(), Length, MPI_DOUBLE, Right, 9, MPI_COMM_WORLD, &Q[1]);
    MPI_Status Status;
    mpi::Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &Status);
    int Count = -1;
    MPI_Get_count(&Status, MPI_DOUBLE, &Count);
    EXPECT_EQ(Count, Length);
    EXPECT_EQ(Status.MPI_SOURCE, Left);
    mpi::Recv(In.data(), Length, MPI_DOUBLE, MPI_ANY_SOURCE, 9, MPI_COMM_WORLD, &Status);
    EXPECT_EQ(In[Length - 1], 1.0); // the message started first
    mpi::Recv(In.data(), Length, MPI_DOUBLE, Left, MPI_ANY_TAG, MPI_COMM_WORLD, &Status);
    EXPECT_EQ(In[Length - 1], 2.0);
    mpi::Waitall(2, Q, MPI_STATUSES_IGNORE);
    return 0;
  });
}

TEST(SendInParts, ToNoProcessOrInARegionItCompletesLikeIsend) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    std::vector<double> Out(50000), In(50000);
    MPI_Request Q;
    isendInParts(Out.data(), 50000, MPI_DOUBLE, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &Q);
    long long End = 0;
    sendPartEnd(Q, 0, sizeof(double), &End);
    EXPECT_EQ(End, LLONG_MAX);
    sendReadyAll(Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    EXPECT_EQ(Q, MPI_REQUEST_NULL);
    {
      Region Olap; // a region's sends take their data when all of it is ready
      Olap.Recv(In.data(), 50000, MPI_DOUBLE, Left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      isendInParts(Out.data(), 50000, MPI_DOUBLE, Right, 1, MPI_COMM_WORLD, &Q);
      fillInParts(Out, Q, [&](long long I) { return R + double(I); });
      Olap.Wait(&Q, MPI_STATUS_IGNORE);
      Olap.complete();
    }
    EXPECT_EQ(In[49999], Left + 49999.0);
    return 0;
  });
}
