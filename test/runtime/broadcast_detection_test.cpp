// broadcast_detection_test.cpp - a broadcast written by hand in an olap region, repeated, goes
// along a tree of processes (docs/collective-detection.md): every rank receives what was
// sent to it, in the order sent, whether or not the pattern holds at each step.
#include "runtime_test_support.h"

#include <chrono>
#include <vector>

using namespace bamboo;
using namespace bamboo::test;

namespace {
constexpr int Count = 300; // ints: eager, several pieces of a frame when many share one

int valueOf(int Step, int Root, int Dest, int I) {
  // At step 5 the root changes its buffer between sends: each rank gets its own bytes.
  return Step * 1000 + Root * 100 + I + (Step == 5 ? Dest * 7 : 0);
}

// Step 4 of the broadcast from rank 0 on MPI_COMM_WORLD goes along the tree through process 2
// to process 3 (four processes or more). Process 2's ranks compute when it arrives, without a
// progress thread, so the record waits there; meanwhile rank 0 sends process 3's ranks another
// message with the same tag, directly. It must not overtake the broadcast.
bool overtakes(int Root, MPI_Comm Comm) {
  return Root == 0 && Comm == MPI_COMM_WORLD && processes() >= 4;
}
constexpr int Extra = -7;

void busyFor(std::chrono::milliseconds Time) {
  auto End = std::chrono::steady_clock::now() + Time;
  while (std::chrono::steady_clock::now() < End) {
  }
}

// Steps of a broadcast from Root on Comm, some of them breaking the pattern; every value checked.
void broadcastSteps(MPI_Comm Comm, int Root) {
  int R = -1, S = 0;
  mpi::Comm_rank(Comm, &R);
  mpi::Comm_size(Comm, &S);
  std::vector<int> Out(Count), In(Count);
  int Left = S > 2 ? S - 1 : -1; // left out at step 9 if it is not the root
  if (Left == Root)
    Left = -1;
  for (int Step = 0; Step < 12; ++Step) {
    std::vector<MPI_Request> Requests;
    {
      Region Olap;
      if (R == Left && Step == 9) {
        // nothing for it in this region
      } else if (R != Root) {
        Requests.emplace_back();
        mpi::Irecv(In.data(), Count, MPI_INT, Root, 3, Comm, &Requests.back());
      } else {
        for (int D = 0; D < S; ++D) {
          if (D == Root || (Step == 9 && D == Left))
            continue; // at step 9 one rank is left out: it gets its value below
          for (int I = 0; I < Count; ++I)
            Out[I] = valueOf(Step, Root, D, I);
          Requests.emplace_back();
          mpi::Isend(Out.data(), Count, MPI_INT, D, 3, Comm, &Requests.back());
        }
      }
      Olap.Waitall(static_cast<int>(Requests.size()), Requests.data(), MPI_STATUSES_IGNORE);
      Olap.complete();
    }
    if (Step == 9 && Left >= 0) { // the rank left out, sent to after the region
      if (R == Root) {
        for (int I = 0; I < Count; ++I)
          Out[I] = valueOf(Step, Root, Left, I);
        mpi::Send(Out.data(), Count, MPI_INT, Left, 3, Comm);
      } else if (R == Left) {
        mpi::Recv(In.data(), Count, MPI_INT, Root, 3, Comm, MPI_STATUS_IGNORE);
      }
    }
    int VF = settings().VirtualRanksPerProcess;
    if (overtakes(Root, Comm) && Step == 3) {
      if (R / VF == 2) { // computing when step 4 arrives; rank 0 goes on once it is
        {
          Region Olap; // its end sends the signal at once
          int Signal = R;
          Olap.Send(&Signal, 1, MPI_INT, Root, 9, Comm);
          Olap.complete();
        }
        busyFor(std::chrono::milliseconds(50));
      } else if (R == Root) {
        for (int From = 2 * VF; From < 3 * VF; ++From) {
          int Signal = -1;
          mpi::Recv(&Signal, 1, MPI_INT, From, 9, Comm, MPI_STATUS_IGNORE);
        }
      }
    }
    if (overtakes(Root, Comm) && Step == 4) { // the same tag as the broadcast, sent after it
      std::vector<int> Word(Count, Extra);
      if (R == Root) {
        for (int D = 3 * VF; D < 4 * VF; ++D)
          mpi::Send(Word.data(), Count, MPI_INT, D, 3, Comm);
      } else if (R / VF == 3) {
        mpi::Recv(Word.data(), Count, MPI_INT, Root, 3, Comm, MPI_STATUS_IGNORE);
        EXPECT_EQ(Word[0], Extra) << "rank " << R;
      }
    }
    if (Step == 7) { // a message from the root on the same communicator between broadcasts
      int Word = 4242;
      if (R == Root) {
        for (int D = 0; D < S; ++D)
          if (D != Root)
            mpi::Send(&Word, 1, MPI_INT, D, 4, Comm);
      } else {
        Word = 0;
        mpi::Recv(&Word, 1, MPI_INT, Root, 4, Comm, MPI_STATUS_IGNORE);
        EXPECT_EQ(Word, 4242);
      }
    }
    if (R == Root)
      continue;
    for (int I = 0; I < Count; ++I)
      ASSERT_EQ(In[I], valueOf(Step, Root, R, I)) << "rank " << R << " step " << Step;
  }
}
} // namespace

TEST(HandWrittenBroadcast, EveryRankReceivesWhatWasSentToIt) {
  BAMBOO_NEED_RANKS(3);
  std::vector<std::uint64_t> Trees(jobRanks());
  Options O = settings();
  O.ProgressIntervalMicros = 0; // a record waits at a process until its ranks give way
  runRanks(
      [&](int, char **) -> int {
        broadcastSteps(MPI_COMM_WORLD, 0);
        MPI_Comm Dup;
        mpi::Comm_dup(MPI_COMM_WORLD, &Dup);
        broadcastSteps(Dup, 1); // another root, another context
        mpi::Comm_free(&Dup);
        Trees[rank()] = processCounters().TreeBroadcasts;
        return 0;
      },
      O);
  // With three processes or more the repeated broadcasts went along the tree at steps 2-4: 0
  // is the first, 1 the repeat that switches; 5 breaks the pattern, 7 switches again but the
  // message after it ends the tree, 9 breaks it, 11 switches. The root's process counts them.
  int VF = settings().VirtualRanksPerProcess;
  if (processes() >= 3 && settings().DetectCollectives) {
    int Me = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &Me);
    for (int Root : {0, 1}) {
      if (Root / VF == Me) {
        EXPECT_GE(Trees[Root], 3u) << "root " << Root;
      }
    }
  }
}
