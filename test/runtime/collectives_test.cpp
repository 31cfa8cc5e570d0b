// collectives_test.cpp - Barrier, Bcast, Reduce, Allreduce over virtual ranks.
#include "runtime_test_support.h"

#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

using namespace bamboo;
using namespace bamboo::test;

namespace {
// A non-commutative, associative operation: concatenation of digit strings, kept as
// (length, value mod P) so that the result shows the order in which ranks were combined.
constexpr std::int64_t Prime = 1000000007;
std::int64_t power10(std::int64_t N) {
  std::int64_t R = 1;
  for (std::int64_t I = 0; I < N; ++I)
    R = R * 10 % Prime;
  return R;
}
void concatenate(void *In, void *InOut, int *Len, MPI_Datatype *) {
  auto *A = static_cast<std::int64_t *>(In), *B = static_cast<std::int64_t *>(InOut);
  for (int I = 0; I < *Len; ++I, A += 2, B += 2) {
    // B = A . B
    B[1] = (A[1] * power10(B[0]) + B[1]) % Prime;
    B[0] += A[0];
  }
}
// The concatenation as an MPI operation on (length, value) pairs, for the life of a test.
struct Concatenation {
  MPI_Op Op;
  MPI_Datatype Pair;
  Concatenation() {
    MPI_Op_create(concatenate, /*commute=*/0, &Op);
    MPI_Type_contiguous(2, MPI_INT64_T, &Pair);
    MPI_Type_commit(&Pair);
  }
  ~Concatenation() {
    MPI_Type_free(&Pair);
    MPI_Op_free(&Op);
  }
};

std::int64_t digitsOfRanks(int Size) { // "0123..." with each rank as one digit (mod 10)
  std::int64_t V = 0;
  for (int R = 0; R < Size; ++R)
    V = (V * 10 + R % 10) % Prime;
  return V;
}
} // namespace

TEST(Collectives, NoRankLeavesTheBarrierBeforeAllEntered) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    if (R == S - 1) // the last one is late
      std::this_thread::sleep_for(std::chrono::milliseconds(30));
    // One clock for every process of the node: Open MPI's MPI_Wtime counts from an origin of each
    // process's own (MPI_WTIME_IS_GLOBAL is false), so two processes' readings differ by when
    // they started (the test failed by 0.35 ms).
    auto Now = [] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
          .count();
    };
    double Entered = Now();
    mpi::Barrier(MPI_COMM_WORLD);
    double Left = Now();
    double LatestEntry = 0, EarliestExit = 0;
    mpi::Allreduce(&Entered, &LatestEntry, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    mpi::Allreduce(&Left, &EarliestExit, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    EXPECT_LE(LatestEntry, EarliestExit);
    return 0;
  });
}

TEST(Collectives, BcastFromEveryRoot) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    for (int Root = 0; Root < S; ++Root) {
      std::vector<double> Small(10, R == Root ? Root + 0.25 : -1);
      std::vector<double> Big(70000, R == Root ? Root : -1);
      mpi::Bcast(Small.data(), 10, MPI_DOUBLE, Root, MPI_COMM_WORLD);
      mpi::Bcast(Big.data(), 70000, MPI_DOUBLE, Root, MPI_COMM_WORLD);
      EXPECT_EQ(Small[9], Root + 0.25);
      EXPECT_EQ(Big[69999], Root);
    }
    return 0;
  });
}

TEST(Collectives, ReduceToEveryRootWithPredefinedOps) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    for (int Root = 0; Root < S; ++Root) {
      long Values[2] = {R + 1, -R};
      long Sum[2] = {0, 0}, Max[2] = {0, 0};
      mpi::Reduce(Values, Sum, 2, MPI_LONG, MPI_SUM, Root, MPI_COMM_WORLD);
      mpi::Reduce(Values, Max, 2, MPI_LONG, MPI_MAX, Root, MPI_COMM_WORLD);
      if (R == Root) {
        EXPECT_EQ(Sum[0], S * (S + 1L) / 2);
        EXPECT_EQ(Sum[1], -S * (S - 1L) / 2);
        EXPECT_EQ(Max[0], S);
        EXPECT_EQ(Max[1], 0);
      }
    }
    return 0;
  });
}

TEST(Collectives, AllreduceInPlaceAndMaxloc) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    std::vector<double> V(1000, R);
    mpi::Allreduce(MPI_IN_PLACE, V.data(), 1000, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    EXPECT_EQ(V[999], S * (S - 1) / 2.0);
    struct {
      double Value;
      int Rank;
    } Mine{static_cast<double>((R * 7) % S), R}, Best{};
    mpi::Allreduce(&Mine, &Best, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    EXPECT_EQ(Best.Value, S - 1.0);
    EXPECT_EQ((Best.Rank * 7) % S, S - 1);
    return 0;
  });
}

TEST(Collectives, NonCommutativeUserOpCombinesInRankOrder) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    Concatenation C;
    MPI_Op Concat = C.Op;
    MPI_Datatype Pair = C.Pair;
    std::int64_t Mine[2] = {1, R % 10}, Result[2] = {0, 0};
    mpi::Allreduce(Mine, Result, 1, Pair, Concat, MPI_COMM_WORLD);
    EXPECT_EQ(Result[0], S);
    EXPECT_EQ(Result[1], digitsOfRanks(S));
    std::int64_t AtRoot[2] = {0, 0};
    mpi::Reduce(Mine, AtRoot, 1, Pair, Concat, S - 1, MPI_COMM_WORLD);
    if (R == S - 1) {
      EXPECT_EQ(AtRoot[1], digitsOfRanks(S));
    }
    return 0;
  });
}

TEST(Collectives, PredefinedOpOnDerivedDatatype) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    MPI_Datatype Triple;
    MPI_Type_contiguous(3, MPI_DOUBLE, &Triple);
    MPI_Type_commit(&Triple);
    double Mine[6] = {1, 2, 3, 1.0 * R, 0, -1}, Sum[6] = {};
    mpi::Allreduce(Mine, Sum, 2, Triple, MPI_SUM, MPI_COMM_WORLD);
    EXPECT_EQ(Sum[0], S);
    EXPECT_EQ(Sum[2], 3.0 * S);
    EXPECT_EQ(Sum[3], S * (S - 1) / 2.0);
    EXPECT_EQ(Sum[5], -S);
    MPI_Type_free(&Triple);
    return 0;
  });
}

TEST(Collectives, WorkOnCommSelf) {
  runRanks([&](int, char **) -> int {
    int R = rank(), Out = 0;
    mpi::Allreduce(&R, &Out, 1, MPI_INT, MPI_SUM, MPI_COMM_SELF);
    EXPECT_EQ(Out, R);
    mpi::Barrier(MPI_COMM_SELF);
    return 0;
  });
}

TEST(Collectives, GatherAndScatterWithInPlaceAtTheRoot) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    for (int Root : {0, S - 1}) {
      int Mine[2] = {R, -R};
      std::vector<int> All(2 * S, -99);
      if (R == Root) {
        All[2 * R] = R; // MPI_IN_PLACE: the root's block is already there
        All[2 * R + 1] = -R;
        mpi::Gather(MPI_IN_PLACE, 2, MPI_INT, All.data(), 2, MPI_INT, Root, MPI_COMM_WORLD);
        for (int I = 0; I < S; ++I) {
          EXPECT_EQ(All[2 * I], I);
          EXPECT_EQ(All[2 * I + 1], -I);
        }
      } else {
        mpi::Gather(Mine, 2, MPI_INT, nullptr, 0, MPI_INT, Root, MPI_COMM_WORLD);
      }
      std::vector<double> Parts(3 * S);
      for (int I = 0; I < 3 * S; ++I)
        Parts[I] = I;
      double Part[3] = {-1, -1, -1};
      mpi::Scatter(Parts.data(), 3, MPI_DOUBLE, Part, 3, MPI_DOUBLE, Root, MPI_COMM_WORLD);
      EXPECT_EQ(Part[0], 3 * R);
      EXPECT_EQ(Part[2], 3 * R + 2);
    }
    return 0;
  });
}

TEST(Collectives, VariableBlocksGathervScattervAllgatherv) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    // Rank i contributes i+1 values, placed with a gap of one between blocks.
    std::vector<int> Counts(S), Displs(S);
    int At = 0;
    for (int I = 0; I < S; ++I) {
      Counts[I] = I + 1;
      Displs[I] = At;
      At += I + 2;
    }
    std::vector<int> Mine(R + 1, R), All(At, -1);
    mpi::Gatherv(Mine.data(), R + 1, MPI_INT, All.data(), Counts.data(), Displs.data(), MPI_INT, 0,
                 MPI_COMM_WORLD);
    if (R == 0) {
      for (int I = 0; I < S; ++I) {
        EXPECT_EQ(All[Displs[I] + I], I);
        EXPECT_EQ(All[Displs[I] + I + 1], -1); // the gap
      }
    }
    std::vector<int> Back(R + 1, -1);
    mpi::Scatterv(All.data(), Counts.data(), Displs.data(), MPI_INT, Back.data(), R + 1, MPI_INT, 0,
                  MPI_COMM_WORLD);
    for (int V : Back) // the root scatters what it gathered: every rank gets its own back
      EXPECT_EQ(V, R);
    std::vector<int> Everyone(At, -1);
    mpi::Allgatherv(Mine.data(), R + 1, MPI_INT, Everyone.data(), Counts.data(), Displs.data(),
                    MPI_INT, MPI_COMM_WORLD);
    for (int I = 0; I < S; ++I) {
      EXPECT_EQ(Everyone[Displs[I]], I);
      EXPECT_EQ(Everyone[Displs[I] + I + 1], -1);
    }
    return 0;
  });
}

TEST(Collectives, AllgatherAndAlltoall) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    std::vector<long> All(S, -1);
    All[R] = 10L * R;
    mpi::Allgather(MPI_IN_PLACE, 1, MPI_LONG, All.data(), 1, MPI_LONG, MPI_COMM_WORLD);
    for (int I = 0; I < S; ++I)
      EXPECT_EQ(All[I], 10L * I);
    // Block I of rank R holds 100 R + I; after the exchange block J holds 100 J + R.
    std::vector<int> Out(2 * S), In(2 * S, -1);
    for (int I = 0; I < S; ++I)
      Out[2 * I] = Out[2 * I + 1] = 100 * R + I;
    mpi::Alltoall(Out.data(), 2, MPI_INT, In.data(), 2, MPI_INT, MPI_COMM_WORLD);
    for (int J = 0; J < S; ++J)
      EXPECT_EQ(In[2 * J + 1], 100 * J + R);
    mpi::Alltoall(MPI_IN_PLACE, 2, MPI_INT, Out.data(), 2, MPI_INT, MPI_COMM_WORLD);
    EXPECT_EQ(Out, In);
    // Alltoallv: rank R sends J+1 values to rank J.
    std::vector<int> SendCounts(S), SendDispls(S), RecvCounts(S), RecvDispls(S);
    int SendTotal = 0, RecvTotal = 0;
    for (int J = 0; J < S; ++J) {
      SendCounts[J] = J + 1;
      SendDispls[J] = SendTotal;
      SendTotal += J + 1;
      RecvCounts[J] = R + 1;
      RecvDispls[J] = RecvTotal;
      RecvTotal += R + 1;
    }
    std::vector<int> VOut(SendTotal), VIn(RecvTotal, -1);
    for (int J = 0; J < S; ++J)
      for (int K = 0; K <= J; ++K)
        VOut[SendDispls[J] + K] = 1000 * R + J;
    mpi::Alltoallv(VOut.data(), SendCounts.data(), SendDispls.data(), MPI_INT, VIn.data(),
                   RecvCounts.data(), RecvDispls.data(), MPI_INT, MPI_COMM_WORLD);
    for (int J = 0; J < S; ++J)
      EXPECT_EQ(VIn[RecvDispls[J] + R], 1000 * J + R);
    return 0;
  });
}

TEST(Collectives, ScanExscanAndReduceScatter) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    Concatenation C;
    MPI_Op Concat = C.Op;
    MPI_Datatype Pair = C.Pair;
    std::int64_t Mine[2] = {1, R % 10}, Prefix[2] = {0, 0};
    mpi::Scan(Mine, Prefix, 1, Pair, Concat, MPI_COMM_WORLD);
    EXPECT_EQ(Prefix[0], R + 1);
    EXPECT_EQ(Prefix[1], digitsOfRanks(R + 1));
    std::int64_t Before[2] = {-1, -1};
    mpi::Exscan(Mine, Before, 1, Pair, Concat, MPI_COMM_WORLD);
    if (R > 0) {
      EXPECT_EQ(Before[0], R);
      EXPECT_EQ(Before[1], digitsOfRanks(R));
    }
    int Value = R + 1, Sum = 0;
    mpi::Scan(&Value, &Sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    EXPECT_EQ(Sum, (R + 1) * (R + 2) / 2);

    // Every rank contributes 1 to each of S blocks of two; block R comes back as S, S.
    std::vector<int> Ones(2 * S, 1), Block(2, 0);
    mpi::Reduce_scatter_block(Ones.data(), Block.data(), 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    EXPECT_EQ(Block[0], S);
    EXPECT_EQ(Block[1], S);
    std::vector<int> Counts(S);
    for (int I = 0; I < S; ++I)
      Counts[I] = I + 1;
    std::vector<int> Input(S * (S + 1) / 2, R), Mine2(R + 1, -1);
    mpi::Reduce_scatter(Input.data(), Mine2.data(), Counts.data(), MPI_INT, MPI_MAX,
                        MPI_COMM_WORLD);
    EXPECT_EQ(Mine2[R], S - 1);
    return 0;
  });
}
