// nonblocking_collectives_test.cpp - MPI_Ibarrier, MPI_Ibcast, ... and MPI_Alltoallw: results,
// every completion call, several in progress at once beside blocking ones, progress while the
// rank waits in another call (a tree that must forward), olap regions.
#include "runtime_test_support.h"

#include <cstdint>
#include <numeric>
#include <vector>

using namespace bamboo;
using namespace bamboo::test;

namespace {
// Concatenation of one digit per rank, as (length, value): shows the order of combination.
void concatenate(void *In, void *InOut, int *Len, MPI_Datatype *) {
  auto *A = static_cast<std::int64_t *>(In), *B = static_cast<std::int64_t *>(InOut);
  for (int I = 0; I < *Len; ++I, A += 2, B += 2) {
    std::int64_t P = 1;
    for (std::int64_t K = 0; K < B[0]; ++K)
      P *= 10;
    B[1] = A[1] * P + B[1];
    B[0] += A[0];
  }
}
std::int64_t digitsOfRanks(int Size) {
  std::int64_t V = 0;
  for (int R = 0; R < Size; ++R)
    V = V * 10 + R % 10;
  return V;
}
} // namespace

TEST(NonblockingCollectives, ResultsMatchTheBlockingOnes) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    MPI_Request Q;
    mpi::Ibarrier(MPI_COMM_WORLD, &Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    EXPECT_EQ(Q, MPI_REQUEST_NULL);

    for (int Root = 0; Root < S; ++Root) {
      std::vector<double> Big(70000, R == Root ? Root : -1);
      mpi::Ibcast(Big.data(), 70000, MPI_DOUBLE, Root, MPI_COMM_WORLD, &Q);
      mpi::Wait(&Q, MPI_STATUS_IGNORE);
      EXPECT_EQ(Big[69999], Root);
      long Values[2] = {R + 1, -R}, Sum[2] = {0, 0};
      mpi::Ireduce(Values, Sum, 2, MPI_LONG, MPI_SUM, Root, MPI_COMM_WORLD, &Q);
      mpi::Wait(&Q, MPI_STATUS_IGNORE);
      if (R == Root) {
        EXPECT_EQ(Sum[0], S * (S + 1L) / 2);
      }
    }

    // Rank order for a non-commutative operation.
    MPI_Op Concat;
    MPI_Op_create(concatenate, 0, &Concat);
    MPI_Datatype Pair;
    MPI_Type_contiguous(2, MPI_INT64_T, &Pair);
    MPI_Type_commit(&Pair);
    std::int64_t Mine[2] = {1, R % 10}, All[2] = {0, 0}, Prefix[2] = {0, 0};
    mpi::Iallreduce(Mine, All, 1, Pair, Concat, MPI_COMM_WORLD, &Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    EXPECT_EQ(All[1], digitsOfRanks(S));
    mpi::Iscan(Mine, Prefix, 1, Pair, Concat, MPI_COMM_WORLD, &Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    EXPECT_EQ(Prefix[0], R + 1);
    EXPECT_EQ(Prefix[1], digitsOfRanks(R + 1));
    MPI_Type_free(&Pair);
    MPI_Op_free(&Concat);

    int Before = -1;
    mpi::Iexscan(&R, &Before, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    if (R > 0) {
      EXPECT_EQ(Before, R * (R - 1) / 2);
    }

    // Gathers and scatters, fixed and variable blocks (rank i has i+1 values).
    std::vector<int> Counts(S), Displs(S);
    for (int I = 0; I < S; ++I) {
      Counts[I] = I + 1;
      Displs[I] = I * (I + 1) / 2 + I; // a gap of one between blocks
    }
    int Total = Displs[S - 1] + Counts[S - 1];
    std::vector<int> Own(R + 1, R), Gathered(Total, -1), Everything(Total, -1);
    mpi::Igatherv(Own.data(), R + 1, MPI_INT, Gathered.data(), Counts.data(), Displs.data(),
                  MPI_INT, S - 1, MPI_COMM_WORLD, &Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    mpi::Iallgatherv(Own.data(), R + 1, MPI_INT, Everything.data(), Counts.data(), Displs.data(),
                     MPI_INT, MPI_COMM_WORLD, &Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    for (int I = 0; I < S; ++I) {
      EXPECT_EQ(Everything[Displs[I] + I], I);
      if (R == S - 1) {
        EXPECT_EQ(Gathered[Displs[I]], I);
      }
    }
    std::vector<int> Back(R + 1, -1);
    mpi::Iscatterv(Everything.data(), Counts.data(), Displs.data(), MPI_INT, Back.data(), R + 1,
                   MPI_INT, 0, MPI_COMM_WORLD, &Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    EXPECT_EQ(Back[R], R);

    std::vector<int> Row(S, -1), Col(S, -1), Pieces(S);
    int Two[2] = {R, -R};
    std::vector<int> Pairs(2 * S, -1);
    mpi::Igather(Two, 2, MPI_INT, Pairs.data(), 2, MPI_INT, 0, MPI_COMM_WORLD, &Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    if (R == 0) {
      EXPECT_EQ(Pairs[2 * (S - 1) + 1], 1 - S);
    }
    std::iota(Pieces.begin(), Pieces.end(), 100);
    int Piece = -1;
    mpi::Iscatter(Pieces.data(), 1, MPI_INT, &Piece, 1, MPI_INT, S - 1, MPI_COMM_WORLD, &Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    EXPECT_EQ(Piece, 100 + R);
    mpi::Iallgather(&R, 1, MPI_INT, Row.data(), 1, MPI_INT, MPI_COMM_WORLD, &Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    EXPECT_EQ(Row[S - 1], S - 1);

    // All-to-all: rank r sends 10*r+i to rank i.
    std::vector<int> Out(S), In(S, -1), Ones(S, 1), Offsets(S);
    for (int I = 0; I < S; ++I) {
      Out[I] = 10 * R + I;
      Offsets[I] = I;
    }
    mpi::Ialltoall(Out.data(), 1, MPI_INT, In.data(), 1, MPI_INT, MPI_COMM_WORLD, &Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    for (int I = 0; I < S; ++I)
      EXPECT_EQ(In[I], 10 * I + R);
    std::fill(In.begin(), In.end(), -1);
    mpi::Ialltoallv(Out.data(), Ones.data(), Offsets.data(), MPI_INT, In.data(), Ones.data(),
                    Offsets.data(), MPI_INT, MPI_COMM_WORLD, &Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    EXPECT_EQ(In[S - 1], 10 * (S - 1) + R);

    // Reduce-scatter: rank r gets the sum of everyone's block r.
    std::vector<int> Blocks(2 * S);
    for (int I = 0; I < 2 * S; ++I)
      Blocks[I] = I;
    int Got[2] = {-1, -1};
    mpi::Ireduce_scatter_block(Blocks.data(), Got, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    EXPECT_EQ(Got[1], S * (2 * R + 1));
    std::vector<int> Twos(S, 2);
    Got[0] = Got[1] = -1;
    mpi::Ireduce_scatter(Blocks.data(), Got, Twos.data(), MPI_INT, MPI_SUM, MPI_COMM_WORLD, &Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    EXPECT_EQ(Got[0], S * 2 * R);
    return 0;
  });
}

TEST(NonblockingCollectives, AlltoallwWithATypePerPeer) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    // To even ranks an int, to odd ranks a double; byte displacements.
    std::vector<char> Out(16 * S), In(16 * S), InAgain(16 * S);
    std::vector<int> Counts(S, 1), Displs(S);
    std::vector<MPI_Datatype> Types(S);
    for (int I = 0; I < S; ++I) {
      Displs[I] = 16 * I;
      Types[I] = I % 2 ? MPI_DOUBLE : MPI_INT;
    }
    // What I receive from rank i has the type of my parity.
    std::vector<MPI_Datatype> RecvTypes(S, R % 2 ? MPI_DOUBLE : MPI_INT);
    for (int I = 0; I < S; ++I) {
      if (I % 2)
        *reinterpret_cast<double *>(&Out[16 * I]) = R + 0.5;
      else
        *reinterpret_cast<int *>(&Out[16 * I]) = 1000 + R;
    }
    mpi::Alltoallw(Out.data(), Counts.data(), Displs.data(), Types.data(), In.data(), Counts.data(),
                   Displs.data(), RecvTypes.data(), MPI_COMM_WORLD);
    MPI_Request Q;
    mpi::Ialltoallw(Out.data(), Counts.data(), Displs.data(), Types.data(), InAgain.data(),
                    Counts.data(), Displs.data(), RecvTypes.data(), MPI_COMM_WORLD, &Q);
    mpi::Wait(&Q, MPI_STATUS_IGNORE);
    for (int I = 0; I < S; ++I) {
      for (const std::vector<char> *Got : {&In, &InAgain}) {
        if (R % 2)
          EXPECT_EQ(*reinterpret_cast<const double *>(&(*Got)[16 * I]), I + 0.5);
        else
          EXPECT_EQ(*reinterpret_cast<const int *>(&(*Got)[16 * I]), 1000 + I);
      }
    }
    // In place: the blocks are exchanged by rank.
    std::vector<int> Mine(S);
    for (int I = 0; I < S; ++I)
      Mine[I] = 100 * R + I;
    std::vector<int> ByteDispls(S);
    for (int I = 0; I < S; ++I)
      ByteDispls[I] = static_cast<int>(I * sizeof(int));
    std::vector<MPI_Datatype> Ints(S, MPI_INT);
    mpi::Alltoallw(MPI_IN_PLACE, nullptr, nullptr, nullptr, Mine.data(), Counts.data(),
                   ByteDispls.data(), Ints.data(), MPI_COMM_WORLD);
    for (int I = 0; I < S; ++I)
      EXPECT_EQ(Mine[I], 100 * I + R);
    return 0;
  });
}

TEST(NonblockingCollectives, EveryCompletionCall) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Sum = 0, Max = 0, Min = 0;
    MPI_Request Q[3];
    // Test in a loop: the collective progresses while this rank polls.
    mpi::Iallreduce(&R, &Sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &Q[0]);
    for (int Flag = 0; !Flag;)
      mpi::Test(&Q[0], &Flag, MPI_STATUS_IGNORE);
    EXPECT_EQ(Sum, S * (S - 1) / 2);
    // Request_get_status leaves it active; a wait then retires it.
    mpi::Ibarrier(MPI_COMM_WORLD, &Q[0]);
    for (int Flag = 0; !Flag;)
      mpi::Request_get_status(Q[0], &Flag, MPI_STATUS_IGNORE);
    EXPECT_NE(Q[0], MPI_REQUEST_NULL);
    mpi::Wait(&Q[0], MPI_STATUS_IGNORE);

    mpi::Iallreduce(&R, &Sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &Q[0]);
    mpi::Iallreduce(&R, &Max, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &Q[1]);
    mpi::Iallreduce(&R, &Min, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD, &Q[2]);
    MPI_Status Statuses[3];
    mpi::Waitall(3, Q, Statuses);
    EXPECT_EQ(Max, S - 1);
    EXPECT_EQ(Min, 0);

    for (int Round = 0; Round < 4; ++Round) {
      Sum = Max = Min = -1;
      mpi::Iallreduce(&R, &Sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &Q[0]);
      mpi::Iallreduce(&R, &Max, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &Q[1]);
      mpi::Iallreduce(&R, &Min, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD, &Q[2]);
      int Done = 0;
      while (Done < 3) {
        if (Round == 0) {
          int Index = -1;
          mpi::Waitany(3, Q, &Index, MPI_STATUS_IGNORE);
          EXPECT_GE(Index, 0);
          ++Done;
        } else if (Round == 1) {
          int Out = 0, Indices[3];
          mpi::Waitsome(3, Q, &Out, Indices, MPI_STATUSES_IGNORE);
          Done += Out;
        } else if (Round == 2) {
          int Index = -1, Flag = 0;
          mpi::Testany(3, Q, &Index, &Flag, MPI_STATUS_IGNORE);
          Done += Flag && Index != MPI_UNDEFINED;
        } else {
          int Out = 0, Indices[3];
          mpi::Testsome(3, Q, &Out, Indices, MPI_STATUSES_IGNORE);
          Done += Out;
        }
      }
      EXPECT_EQ(Sum, S * (S - 1) / 2);
      EXPECT_EQ(Max, S - 1);
      EXPECT_EQ(Min, 0);
    }
    mpi::Iallreduce(&R, &Sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &Q[0]);
    mpi::Ibarrier(MPI_COMM_WORLD, &Q[1]);
    for (int Flag = 0; !Flag;)
      mpi::Testall(2, Q, &Flag, MPI_STATUSES_IGNORE);
    EXPECT_EQ(Q[0], MPI_REQUEST_NULL);
    return 0;
  });
}

TEST(NonblockingCollectives, SeveralInProgressBesideBlockingOnes) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    // Two broadcasts from different roots, a blocking one between, completed in reverse.
    std::vector<int> A(1000, R == 0 ? 7 : -1), B(1000, R == S - 1 ? 9 : -1);
    int Blocking = R == 0 ? 5 : -1, Sum = -1;
    MPI_Request QA, QB, QC;
    mpi::Ibcast(A.data(), 1000, MPI_INT, 0, MPI_COMM_WORLD, &QA);
    mpi::Ibcast(B.data(), 1000, MPI_INT, S - 1, MPI_COMM_WORLD, &QB);
    mpi::Iallreduce(&R, &Sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &QC);
    mpi::Bcast(&Blocking, 1, MPI_INT, 0, MPI_COMM_WORLD);
    EXPECT_EQ(Blocking, 5);
    mpi::Barrier(MPI_COMM_WORLD);
    mpi::Wait(&QC, MPI_STATUS_IGNORE);
    mpi::Wait(&QB, MPI_STATUS_IGNORE);
    mpi::Wait(&QA, MPI_STATUS_IGNORE);
    EXPECT_EQ(A[999], 7);
    EXPECT_EQ(B[999], 9);
    EXPECT_EQ(Sum, S * (S - 1) / 2);

    // On a split communicator and on the world at once.
    MPI_Comm Half;
    mpi::Comm_split(MPI_COMM_WORLD, R % 2, R, &Half);
    int HalfSum = -1, WorldSum = -1, HalfSize = 0;
    mpi::Comm_size(Half, &HalfSize);
    mpi::Iallreduce(&R, &HalfSum, 1, MPI_INT, MPI_SUM, Half, &QA);
    mpi::Iallreduce(&R, &WorldSum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &QB);
    MPI_Request Both[2] = {QA, QB};
    mpi::Waitall(2, Both, MPI_STATUSES_IGNORE);
    int Expected = 0;
    for (int I = R % 2; I < S; I += 2)
      Expected += I;
    EXPECT_EQ(HalfSum, Expected);
    EXPECT_EQ(WorldSum, S * (S - 1) / 2);
    mpi::Comm_free(&Half);
    return 0;
  });
}

// The hard case: a rank that must forward messages of a tree (the root of a barrier's
// reduction, or an inner node) starts the collective, then blocks in MPI_Recv from a rank that
// sends only once its own collective has completed. Under MPI this completes; the runtime must
// run the blocked rank's part of the collective while its task waits.
TEST(NonblockingCollectives, ProgressWhileTheRankWaitsInAnotherCall) {
  BAMBOO_NEED_RANKS(2);
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Last = S - 1;
    // Rank 2 is an inner node of the binomial trees when there are 4 ranks or more: it
    // forwards both up (reduction) and down (broadcast). Rank 0 is the root.
    for (int Forwarder : {0, S >= 4 ? 2 : 0}) {
      if (Forwarder == Last)
        continue;
      std::vector<double> Data(5000, R == 0 ? 3.0 : -1.0);
      int Sum = -1;
      MPI_Request Q[3];
      mpi::Ibarrier(MPI_COMM_WORLD, &Q[0]);
      mpi::Ibcast(Data.data(), 5000, MPI_DOUBLE, 0, MPI_COMM_WORLD, &Q[1]);
      mpi::Iallreduce(&R, &Sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &Q[2]);
      int Token = -1;
      if (R == Forwarder) {
        mpi::Recv(&Token, 1, MPI_INT, Last, 77, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        EXPECT_EQ(Token, 42);
        mpi::Waitall(3, Q, MPI_STATUSES_IGNORE);
      } else {
        mpi::Waitall(3, Q, MPI_STATUSES_IGNORE);
        if (R == Last) {
          Token = 42;
          mpi::Send(&Token, 1, MPI_INT, Forwarder, 77, MPI_COMM_WORLD);
        }
      }
      EXPECT_EQ(Data[4999], 3.0);
      EXPECT_EQ(Sum, S * (S - 1) / 2);
    }
    return 0;
  });
}

TEST(NonblockingCollectives, ComputeWhileInProgress) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    // Pipelined CG's pattern: start the reduction, compute, then wait.
    double Dot = R, Global = -1, Local = 0;
    MPI_Request Q;
    for (int Step = 0; Step < 20; ++Step) {
      mpi::Iallreduce(&Dot, &Global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &Q);
      for (int I = 0; I < 10000; ++I)
        Local += 1e-6 * I;
      mpi::Wait(&Q, MPI_STATUS_IGNORE);
      EXPECT_EQ(Global, S * (S - 1) / 2.0);
    }
    EXPECT_GT(Local, 0);
    return 0;
  });
}

TEST(NonblockingCollectives, InsideAnOlapRegion) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    double Sum = -1, FromLeft = -1, Mine = R;
    MPI_Request Q[2];
    {
      Region Olap;
      mpi::Iallreduce(&Mine, &Sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &Q[0]);
      mpi::Irecv(&FromLeft, 1, MPI_DOUBLE, Left, 3, MPI_COMM_WORLD, &Q[1]);
      mpi::Send(&Mine, 1, MPI_DOUBLE, Right, 3, MPI_COMM_WORLD);
      mpi::Waitall(2, Q, MPI_STATUSES_IGNORE); // deferred to the region's end
      Olap.complete();
    }
    EXPECT_EQ(Sum, S * (S - 1) / 2.0);
    EXPECT_EQ(FromLeft, Left);
    EXPECT_EQ(Q[0], MPI_REQUEST_NULL);
    // A collective started in a region and waited for after it.
    int Count = 0;
    {
      Region Olap;
      int One = 1;
      mpi::Iallreduce(&One, &Count, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &Q[0]);
      Olap.complete(); // its firing rule includes the collective
    }
    EXPECT_EQ(Count, S);
    mpi::Wait(&Q[0], MPI_STATUS_IGNORE);
    return 0;
  });
}
