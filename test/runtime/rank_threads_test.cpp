// rank_threads_test.cpp - every virtual rank runs on a stack of its own: a wait reached from any
// function suspends the rank (a function pointer, a virtual call, a constructor and a
// destructor, a library's callback, deep recursion, an exception thrown across a wait), and
// the other ranks run meanwhile. Built at -O0 too, so that frames are as large as debug builds
// make them.
#include "runtime_test_support.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <vector>

using namespace bamboo;
using bamboo::test::rank;
using bamboo::test::size;

namespace {

// A ring exchange: each rank receives what its left neighbour sends. Blocking receive first on
// odd ranks, so that it can only complete if the other ranks of the process run while it waits.
int ringStep(int Value) {
  int R = rank(), S = size(), Got = -1;
  int Right = (R + 1) % S, Left = (R + S - 1) % S;
  if (R % 2) {
    mpi::Recv(&Got, 1, MPI_INT, Left, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    mpi::Send(&Value, 1, MPI_INT, Right, 7, MPI_COMM_WORLD);
  } else {
    mpi::Send(&Value, 1, MPI_INT, Right, 7, MPI_COMM_WORLD);
    mpi::Recv(&Got, 1, MPI_INT, Left, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  return Got;
}

int left() { return (rank() + size() - 1) % size(); }

int recurseThenWait(int Depth) {
  volatile char Frame[256]; // a frame of some size at every level
  Frame[0] = static_cast<char>(Depth);
  if (Depth == 0)
    return ringStep(rank());
  return recurseThenWait(Depth - 1) + Frame[0] - Frame[0];
}

struct Shape {
  virtual ~Shape() = default;
  virtual int exchange(int V) = 0;
};
struct Ring : Shape {
  int exchange(int V) override { return ringStep(V); }
};

// Owns a communicator, the usual C++ way: made and freed collectively.
class OwnedComm {
public:
  OwnedComm() { mpi::Comm_dup(MPI_COMM_WORLD, &Comm); }
  ~OwnedComm() { mpi::Comm_free(&Comm); }
  int sumOfRanks() const {
    int Mine = rank(), Sum = 0;
    mpi::Allreduce(&Mine, &Sum, 1, MPI_INT, MPI_SUM, Comm);
    return Sum;
  }

private:
  MPI_Comm Comm = MPI_COMM_NULL;
};

} // namespace

TEST(RankThreads, AWaitDeepInRecursionSuspendsTheRank) {
  BAMBOO_NEED_RANKS(2);
  test::runRanks([](int, char **) {
    EXPECT_EQ(recurseThenWait(10000), left());
    return 0;
  });
}

TEST(RankThreads, AWaitThroughAFunctionPointerOrAVirtualCall) {
  BAMBOO_NEED_RANKS(2);
  test::runRanks([](int, char **) {
    int (*Step)(int) = ringStep;
    EXPECT_EQ(Step(rank()), left());
    std::unique_ptr<Shape> S = std::make_unique<Ring>();
    EXPECT_EQ(S->exchange(rank() * 10), left() * 10);
    return 0;
  });
}

TEST(RankThreads, ConstructorsAndDestructorsMayCallCollectives) {
  test::runRanks([](int, char **) {
    int N = size();
    {
      OwnedComm C;
      EXPECT_EQ(C.sumOfRanks(), N * (N - 1) / 2);
    }
    OwnedComm Again; // the first one's Comm_free has completed on every rank
    EXPECT_EQ(Again.sumOfRanks(), N * (N - 1) / 2);
    return 0;
  });
}

TEST(RankThreads, ALibraryCallbackMayWait) {
  BAMBOO_NEED_RANKS(2);
  test::runRanks([](int, char **) {
    // qsort's comparator exchanges with the neighbours: C library code is on the rank's stack.
    static int Exchanges[1024]; // per rank
    std::vector<int> V = {3, 1, 2};
    std::qsort(V.data(), V.size(), sizeof(int), [](const void *A, const void *B) {
      int Token = 0;
      mpi::Sendrecv_replace(&Token, 1, MPI_INT, 0, 3, 0, 3, MPI_COMM_SELF, MPI_STATUS_IGNORE);
      ++Exchanges[rank()];
      return *static_cast<const int *>(A) - *static_cast<const int *>(B);
    });
    EXPECT_EQ(V, (std::vector<int>{1, 2, 3}));
    EXPECT_GT(Exchanges[rank()], 0);
    EXPECT_EQ(ringStep(rank()), left());
    return 0;
  });
}

TEST(RankThreads, AnExceptionCrossesAWait) {
  BAMBOO_NEED_RANKS(2);
  test::runRanks([](int, char **) {
    auto Throws = [] {
      int Got = ringStep(rank());
      throw std::runtime_error(std::to_string(Got));
    };
    try {
      Throws();
      ADD_FAILURE() << "no exception";
    } catch (const std::runtime_error &E) {
      EXPECT_EQ(E.what(), std::to_string(left()));
    }
    return 0;
  });
}

TEST(RankThreads, EveryRankHasTheStackItWasGiven) {
  Options O = test::settings();
  O.StackSize = 256 * 1024;
  test::runRanks(
      [](int, char **) {
        // Close to the whole stack, on every rank at once: each has its own.
        volatile char Big[160 * 1024];
        Big[0] = 1;
        Big[sizeof(Big) - 1] = 2;
        bamboo::yield(); // the other ranks use theirs meanwhile
        EXPECT_EQ(Big[0] + Big[sizeof(Big) - 1], 3);
        return 0;
      },
      O);
}
