// virtual_ranks_test.cpp - P processes x BAMBOO_VF virtual ranks, block mapping, rank state.
#include "runtime_test_support.h"

#include "rank_task.h" // TeamMembership

#include <atomic>
#include <set>
#include <thread>

using namespace bamboo;
using namespace bamboo::test;

TEST(VirtualRanks, WorldHasProcessesTimesVirtualRanks) {
  int VF = settings().VirtualRanksPerProcess;
  runRanks([&](int, char **) -> int {
    EXPECT_EQ(size(), processes() * VF);
    EXPECT_EQ(bamboo::worldSize(), processes() * VF);
    EXPECT_EQ(worldRank(), rank());
    return 0;
  });
}

TEST(VirtualRanks, BlockMappingPutsConsecutiveRanksOnAProcess) {
  int VF = settings().VirtualRanksPerProcess;
  int Process = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &Process); // the real MPI process
  std::set<int> Seen;
  runRanks(
      [&](int, char **) -> int {
        EXPECT_EQ(rank() / VF, Process);
        Seen.insert(rank()); // tasks of one process; with several workers, guarded below
        return 0;
      },
      [] {
        Options O = settings();
        O.Workers = 1; // Seen is not thread-safe
        return O;
      }());
  EXPECT_EQ(static_cast<int>(Seen.size()), VF);
  EXPECT_EQ(*Seen.begin(), Process * VF);
}

TEST(VirtualRanks, RankLocalVariablesAreSeparatePerRank) {
  static RankLocal<int> Counter;
  static RankLocal<std::vector<int>> History;
  runRanks([&](int, char **) -> int {
    for (int I = 0; I <= rank(); ++I) {
      ++*Counter;
      History->push_back(I);
      yield(); // other ranks run in between and touch their own copies
    }
    EXPECT_EQ(*Counter, rank() + 1);
    EXPECT_EQ(static_cast<int>(History->size()), rank() + 1);
    return 0;
  });
}

TEST(VirtualRanks, RankLocalOnceRunsTheInitializerOncePerRank) {
  static RankLocal<std::vector<int>> Buffer;
  static RankLocal<double[4]> Zeros;
  static std::atomic<int> Initializations{0};
  int VF = settings().VirtualRanksPerProcess;
  runRanks([&](int, char **) -> int {
    int R = rank();
    for (int Call = 0; Call < 3; ++Call) {
      // What a translated `static std::vector<int> buffer(rank + 1);` does on every pass.
      std::vector<int> &B = Buffer.once([&] {
        ++Initializations;
        return std::vector<int>(R + 1, R);
      });
      EXPECT_EQ(static_cast<int>(B.size()), R + 1 + Call); // the same vector every time
      B.push_back(Call);
      yield();
    }
    EXPECT_EQ(static_cast<int>(Buffer->size()), R + 4);
    EXPECT_EQ(Zeros.get()[3], 0.0); // value-initialized, as static storage is
    return 0;
  });
  EXPECT_EQ(Initializations.exchange(0), VF);
}

TEST(VirtualRanks, CommSelfHasOneRank) {
  runRanks([&](int, char **) -> int {
    int R = -1, S = 0;
    mpi::Comm_rank(MPI_COMM_SELF, &R);
    mpi::Comm_size(MPI_COMM_SELF, &S);
    EXPECT_EQ(R, 0);
    EXPECT_EQ(S, 1);
    int Out = rank() * 7, In = -1;
    MPI_Status Status;
    mpi::Sendrecv(&Out, 1, MPI_INT, 0, 3, &In, 1, MPI_INT, 0, 3, MPI_COMM_SELF, &Status);
    EXPECT_EQ(In, Out);
    EXPECT_EQ(Status.MPI_SOURCE, 0);
    return 0;
  });
}

TEST(VirtualRanks, InitAndFinalizeArePerRank) {
  runRanks([&](int Argc, char **Argv) -> int {
    int Flag = -1;
    mpi::Initialized(&Flag);
    EXPECT_EQ(Flag, 0);
    EXPECT_EQ(mpi::Init(&Argc, &Argv), MPI_SUCCESS);
    mpi::Initialized(&Flag);
    EXPECT_EQ(Flag, 1);
    int Provided = -1;
    mpi::Query_thread(&Provided); // MPI_Init is MPI_THREAD_SINGLE, as in MPICH and Open MPI
    EXPECT_EQ(Provided, MPI_THREAD_SINGLE);
    mpi::Finalized(&Flag);
    EXPECT_EQ(Flag, 0);
    mpi::Finalize();
    mpi::Finalized(&Flag);
    EXPECT_EQ(Flag, 1);
    return 0;
  });
}

// MPI_Query_thread answers what the rank's MPI_Init_thread provided (issue 10: it answered the
// runtime's most, whatever the rank had asked).
TEST(VirtualRanks, QueryThreadAnswersWhatInitThreadProvided) {
  runRanks([&](int Argc, char **Argv) -> int {
    int Rank = bamboo::worldRank();
    int Required = Rank % 2 ? MPI_THREAD_MULTIPLE : MPI_THREAD_SINGLE, Provided = -1, Queried = -2;
    EXPECT_EQ(mpi::Init_thread(&Argc, &Argv, Required, &Provided), MPI_SUCCESS);
    EXPECT_EQ(Provided, Rank % 2 ? MPI_THREAD_FUNNELED : MPI_THREAD_SINGLE);
    mpi::Barrier(MPI_COMM_WORLD); // the other ranks of the process asked meanwhile
    mpi::Query_thread(&Queried);
    EXPECT_EQ(Queried, Provided);
    mpi::Finalize();
    return 0;
  });
}

TEST(VirtualRanks, ExitStatusIsTheFirstNonZeroOfTheProcess) {
  static char Name[] = "t";
  static char *Argv[] = {Name, nullptr};
  int Process = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &Process);
  int VF = settings().VirtualRanksPerProcess;
  int Status =
      run(1, Argv, [&](int, char **) -> int { return rank() == Process * VF ? 5 : 0; }, settings());
  EXPECT_EQ(Status, 5);
}

// Threads that work for a rank, as the threads of its OpenMP team do (openmp_teams.cpp), find
// and make its instances together with the rank's own thread, while the rank's table grows.
// Plain threads here, so that TSan sees every synchronization (scripts/check --tsan; it cannot
// see libgomp's).
TEST(VirtualRanks, ThreadsWorkingForARankShareItsInstances) {
  static RankLocal<int> Owner;
  runRanks([&](int, char **) -> int {
    int R = rank();
    *Owner = R;
    std::atomic<int> Wrong{0}, Made{0};
    auto Work = [&] {
      // Slots allocated while ranks run, after the rank's table was made: it grows.
      static RankLocal<std::atomic<int>> Late[8];
      for (int I = 0; I < 2000; ++I) {
        if (*Owner != R)
          ++Wrong;
        ++Late[I % 8].once([&] {
          ++Made;
          return 0;
        });
      }
      return Late;
    };
    detail::RankTask *Rank = detail::currentTask();
    std::vector<std::thread> Team;
    for (int T = 0; T < 3; ++T)
      Team.emplace_back([&] {
        detail::TeamMembership Member(Rank);
        Work();
      });
    RankLocal<std::atomic<int>> *Late = Work();
    for (std::thread &T : Team)
      T.join();
    EXPECT_EQ(Wrong.load(), 0);
    EXPECT_EQ(Made.load(), 8); // once per variable in this rank, whichever thread came first
    int Total = 0;
    for (int V = 0; V < 8; ++V)
      Total += Late[V]->load();
    EXPECT_EQ(Total, 4 * 2000);
    return 0;
  });
}
