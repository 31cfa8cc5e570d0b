// nonblocking_sum_test.cpp - the detector's sum on its own, over every process of the test
// (run with 1, 3, 4 and 6 processes: a power of two and sizes that fold).
#include "nonblocking_sum.h"

#include <gtest/gtest.h>

#include <vector>

using namespace bamboo::detail;

namespace {
struct WorldSum {
  MPI_Comm Comm = MPI_COMM_NULL;
  NonblockingSum Sum;
  int Rank = 0, Size = 1;
  WorldSum() {
    MPI_Comm_dup(MPI_COMM_WORLD, &Comm);
    MPI_Comm_rank(Comm, &Rank);
    MPI_Comm_size(Comm, &Size);
    Sum.init(Comm, 7);
  }
  ~WorldSum() { MPI_Comm_free(&Comm); }
};
} // namespace

TEST(NonblockingSumPart, ConsecutiveSumsAddEveryProcessesValues) {
  WorldSum W;
  for (long long Round = 0; Round < 20; ++Round) {
    W.Sum.start({W.Rank + Round, 1, Round * W.Rank});
    while (!W.Sum.test()) {
    }
    long long Ranks = W.Size * (W.Size - 1) / 2;
    EXPECT_EQ(W.Sum.result()[0], Ranks + Round * W.Size) << "sum " << Round;
    EXPECT_EQ(W.Sum.result()[1], W.Size);
    EXPECT_EQ(W.Sum.result()[2], Round * Ranks);
    EXPECT_FALSE(W.Sum.active());
  }
}

TEST(NonblockingSumPart, ACallerWaitsForItAmongItsOwnRequests) {
  // An idle process's wait (transport.h): the sum's pending requests beside a receive that
  // never completes; one completed there is set to MPI_REQUEST_NULL, and test() goes on.
  WorldSum W;
  int Never = 0;
  MPI_Request Own;
  MPI_Irecv(&Never, 1, MPI_INT, MPI_ANY_SOURCE, 99, W.Comm, &Own);
  for (int Round = 0; Round < 5; ++Round) {
    W.Sum.start({1, W.Rank, 0});
    while (!W.Sum.test()) {
      std::vector<MPI_Request> All{Own};
      std::span<MPI_Request> Pending = W.Sum.pending();
      All.insert(All.end(), Pending.begin(), Pending.end());
      int Index = MPI_UNDEFINED;
      MPI_Waitany(static_cast<int>(All.size()), All.data(), &Index, MPI_STATUS_IGNORE);
      ASSERT_GT(Index, 0) << "only the sum's requests complete";
      Pending[static_cast<std::size_t>(Index - 1)] = MPI_REQUEST_NULL;
    }
    EXPECT_EQ(W.Sum.result()[0], W.Size);
    EXPECT_EQ(W.Sum.result()[1], static_cast<long long>(W.Size) * (W.Size - 1) / 2);
  }
  MPI_Cancel(&Own);
  MPI_Wait(&Own, MPI_STATUS_IGNORE);
}

TEST(NonblockingSumPart, ProcessesThatStartLateStillAgree) {
  // Process 0 starts each sum only after the others have posted theirs and finished the one
  // before: messages of consecutive sums between one pair must not be confused.
  WorldSum W;
  for (int Round = 0; Round < 10; ++Round) {
    if (W.Rank == 0)
      MPI_Barrier(W.Comm);
    W.Sum.start({Round, 0, 1});
    W.Sum.test();
    if (W.Rank != 0)
      MPI_Barrier(W.Comm);
    W.Sum.wait();
    EXPECT_EQ(W.Sum.result()[0], static_cast<long long>(Round) * W.Size);
    EXPECT_EQ(W.Sum.result()[2], W.Size);
  }
}
