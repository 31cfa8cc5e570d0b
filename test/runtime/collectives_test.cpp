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
std::int64_t digitsOfRanks(int Size) { // "0123..." with each rank as one digit (mod 10)
  std::int64_t V = 0;
  for (int R = 0; R < Size; ++R)
    V = (V * 10 + R % 10) % Prime;
  return V;
}
} // namespace

TEST(Collectives, NoRankLeavesTheBarrierBeforeAllEntered) {
  runRanks([&](int, char **) -> Task<int> {
    int R = rank(), S = size();
    if (R == S - 1) // the last one is late
      std::this_thread::sleep_for(std::chrono::milliseconds(30));
    double Entered = MPI_Wtime();
    co_await mpi::Barrier(MPI_COMM_WORLD);
    double Left = MPI_Wtime();
    double LatestEntry = 0, EarliestExit = 0;
    co_await mpi::Allreduce(&Entered, &LatestEntry, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    co_await mpi::Allreduce(&Left, &EarliestExit, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    EXPECT_LE(LatestEntry, EarliestExit);
    co_return 0;
  });
}

TEST(Collectives, BcastFromEveryRoot) {
  runRanks([&](int, char **) -> Task<int> {
    int R = rank(), S = size();
    for (int Root = 0; Root < S; ++Root) {
      std::vector<double> Small(10, R == Root ? Root + 0.25 : -1);
      std::vector<double> Big(70000, R == Root ? Root : -1);
      co_await mpi::Bcast(Small.data(), 10, MPI_DOUBLE, Root, MPI_COMM_WORLD);
      co_await mpi::Bcast(Big.data(), 70000, MPI_DOUBLE, Root, MPI_COMM_WORLD);
      EXPECT_EQ(Small[9], Root + 0.25);
      EXPECT_EQ(Big[69999], Root);
    }
    co_return 0;
  });
}

TEST(Collectives, ReduceToEveryRootWithPredefinedOps) {
  runRanks([&](int, char **) -> Task<int> {
    int R = rank(), S = size();
    for (int Root = 0; Root < S; ++Root) {
      long Values[2] = {R + 1, -R};
      long Sum[2] = {0, 0}, Max[2] = {0, 0};
      co_await mpi::Reduce(Values, Sum, 2, MPI_LONG, MPI_SUM, Root, MPI_COMM_WORLD);
      co_await mpi::Reduce(Values, Max, 2, MPI_LONG, MPI_MAX, Root, MPI_COMM_WORLD);
      if (R == Root) {
        EXPECT_EQ(Sum[0], S * (S + 1L) / 2);
        EXPECT_EQ(Sum[1], -S * (S - 1L) / 2);
        EXPECT_EQ(Max[0], S);
        EXPECT_EQ(Max[1], 0);
      }
    }
    co_return 0;
  });
}

TEST(Collectives, AllreduceInPlaceAndMaxloc) {
  runRanks([&](int, char **) -> Task<int> {
    int R = rank(), S = size();
    std::vector<double> V(1000, R);
    co_await mpi::Allreduce(MPI_IN_PLACE, V.data(), 1000, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    EXPECT_EQ(V[999], S * (S - 1) / 2.0);
    struct {
      double Value;
      int Rank;
    } Mine{static_cast<double>((R * 7) % S), R}, Best{};
    co_await mpi::Allreduce(&Mine, &Best, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    EXPECT_EQ(Best.Value, S - 1.0);
    EXPECT_EQ((Best.Rank * 7) % S, S - 1);
    co_return 0;
  });
}

TEST(Collectives, NonCommutativeUserOpCombinesInRankOrder) {
  runRanks([&](int, char **) -> Task<int> {
    int R = rank(), S = size();
    MPI_Op Concat;
    MPI_Op_create(concatenate, /*commute=*/0, &Concat);
    MPI_Datatype Pair;
    MPI_Type_contiguous(2, MPI_INT64_T, &Pair);
    MPI_Type_commit(&Pair);
    std::int64_t Mine[2] = {1, R % 10}, Result[2] = {0, 0};
    co_await mpi::Allreduce(Mine, Result, 1, Pair, Concat, MPI_COMM_WORLD);
    EXPECT_EQ(Result[0], S);
    EXPECT_EQ(Result[1], digitsOfRanks(S));
    std::int64_t AtRoot[2] = {0, 0};
    co_await mpi::Reduce(Mine, AtRoot, 1, Pair, Concat, S - 1, MPI_COMM_WORLD);
    if (R == S - 1) {
      EXPECT_EQ(AtRoot[1], digitsOfRanks(S));
    }
    MPI_Type_free(&Pair);
    MPI_Op_free(&Concat);
    co_return 0;
  });
}

TEST(Collectives, PredefinedOpOnDerivedDatatype) {
  runRanks([&](int, char **) -> Task<int> {
    int R = rank(), S = size();
    MPI_Datatype Triple;
    MPI_Type_contiguous(3, MPI_DOUBLE, &Triple);
    MPI_Type_commit(&Triple);
    double Mine[6] = {1, 2, 3, 1.0 * R, 0, -1}, Sum[6] = {};
    co_await mpi::Allreduce(Mine, Sum, 2, Triple, MPI_SUM, MPI_COMM_WORLD);
    EXPECT_EQ(Sum[0], S);
    EXPECT_EQ(Sum[2], 3.0 * S);
    EXPECT_EQ(Sum[3], S * (S - 1) / 2.0);
    EXPECT_EQ(Sum[5], -S);
    MPI_Type_free(&Triple);
    co_return 0;
  });
}

TEST(Collectives, WorkOnCommSelf) {
  runRanks([&](int, char **) -> Task<int> {
    int R = rank(), Out = 0;
    co_await mpi::Allreduce(&R, &Out, 1, MPI_INT, MPI_SUM, MPI_COMM_SELF);
    EXPECT_EQ(Out, R);
    co_await mpi::Barrier(MPI_COMM_SELF);
    co_return 0;
  });
}
