// communicators_test.cpp - MPI_Comm_dup, MPI_Comm_split, MPI_Comm_free and error handlers over
// virtual ranks.
#include "runtime_test_support.h"

#include <vector>

using namespace bamboo;
using namespace bamboo::test;

TEST(Communicators, SplitByParityWithReversedKeys) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    MPI_Comm Half;
    mpi::Comm_split(MPI_COMM_WORLD, R % 2, -R, &Half); // reversed order
    int HalfRank = -1, HalfSize = 0;
    mpi::Comm_rank(Half, &HalfRank);
    mpi::Comm_size(Half, &HalfSize);
    int Mates = (S - R % 2 + 1) / 2; // ranks of my parity
    EXPECT_EQ(HalfSize, Mates);
    EXPECT_EQ(HalfRank, Mates - 1 - R / 2);
    // A collective on the half sums world ranks of my parity only.
    int Sum = 0;
    mpi::Allreduce(&R, &Sum, 1, MPI_INT, MPI_SUM, Half);
    int Expected = 0;
    for (int I = R % 2; I < S; I += 2)
      Expected += I;
    EXPECT_EQ(Sum, Expected);
    // Point-to-point in the half: ranks are half ranks; sources come back as half ranks.
    int Right = (HalfRank + 1) % HalfSize, Left = (HalfRank + HalfSize - 1) % HalfSize;
    int In = -1;
    MPI_Status Status;
    mpi::Sendrecv(&R, 1, MPI_INT, Right, 0, &In, 1, MPI_INT, Left, 0, Half, &Status);
    EXPECT_EQ(Status.MPI_SOURCE, Left);
    EXPECT_EQ(In, R + 2 * (HalfRank - Left)); // world rank of my left neighbour in the half
    mpi::Comm_free(&Half);
    EXPECT_EQ(Half, MPI_COMM_NULL);
    return 0;
  });
}

TEST(Communicators, DupKeepsTrafficApart) {
  BAMBOO_NEED_RANKS(2);
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    MPI_Comm Dup;
    mpi::Comm_dup(MPI_COMM_WORLD, &Dup);
    EXPECT_NE(Dup, MPI_COMM_WORLD);
    int DupRank = -1;
    mpi::Comm_rank(Dup, &DupRank);
    EXPECT_EQ(DupRank, R);
    if (R == 0) {
      int A = 1, B = 2;
      mpi::Send(&A, 1, MPI_INT, S - 1, 0, Dup);
      mpi::Send(&B, 1, MPI_INT, S - 1, 0, MPI_COMM_WORLD);
    } else if (R == S - 1) {
      int X = 0;
      // Same source and tag: only the communicator tells the messages apart.
      mpi::Recv(&X, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      EXPECT_EQ(X, 2);
      mpi::Recv(&X, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, Dup, MPI_STATUS_IGNORE);
      EXPECT_EQ(X, 1);
    }
    // The handle is a real MPI communicator for MPI's own local calls.
    int PackSize = 0;
    EXPECT_EQ(MPI_Pack_size(4, MPI_DOUBLE, Dup, &PackSize), MPI_SUCCESS);
    EXPECT_EQ(PackSize, 32);
    mpi::Comm_free(&Dup);
    return 0;
  });
}

TEST(Communicators, SplitWithUndefinedColorAndNestedSplits) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    MPI_Comm Firsts;
    mpi::Comm_split(MPI_COMM_WORLD, R == 0 ? 7 : MPI_UNDEFINED, 0, &Firsts);
    EXPECT_EQ(Firsts == MPI_COMM_NULL, R != 0);
    if (Firsts != MPI_COMM_NULL)
      mpi::Comm_free(&Firsts);
    // Split twice in a row, then split a split: every communicator keeps its own traffic.
    MPI_Comm A, B, Quarter;
    mpi::Comm_split(MPI_COMM_WORLD, R % 2, R, &A);
    mpi::Comm_split(MPI_COMM_WORLD, R % 2, R, &B);
    mpi::Comm_split(A, (R / 2) % 2, R, &Quarter);
    int SumA = 0, SumB = 0, SumQ = 0, One = 1;
    mpi::Allreduce(&One, &SumA, 1, MPI_INT, MPI_SUM, A);
    mpi::Allreduce(&One, &SumQ, 1, MPI_INT, MPI_SUM, Quarter);
    mpi::Allreduce(&One, &SumB, 1, MPI_INT, MPI_SUM, B);
    EXPECT_EQ(SumA, SumB);
    int Expected = 0;
    for (int I = 0; I < S; ++I)
      Expected += I % 2 == R % 2 && (I / 2) % 2 == (R / 2) % 2;
    EXPECT_EQ(SumQ, Expected);
    mpi::Barrier(Quarter);
    mpi::Comm_free(&Quarter);
    mpi::Comm_free(&B);
    mpi::Comm_free(&A);
    return 0;
  });
}

TEST(Communicators, NewCommunicatorsInheritTheErrorHandler) {
  runRanks([&](int, char **) -> int {
    int R = rank();
    MPI_Comm Dup, Child, Later;
    mpi::Comm_dup(MPI_COMM_WORLD, &Dup);
    mpi::Comm_set_errhandler(Dup, MPI_ERRORS_RETURN);
    mpi::Comm_split(Dup, R % 2, R, &Child); // MPI 3.1, section 8.3
    MPI_Errhandler Handler;
    mpi::Comm_get_errhandler(Child, &Handler);
    EXPECT_EQ(Handler, MPI_ERRORS_RETURN);
    mpi::Comm_get_errhandler(MPI_COMM_WORLD, &Handler);
    EXPECT_EQ(Handler, MPI_ERRORS_ARE_FATAL);
    // A freed handle may come back from MPI for a new communicator: without its handler.
    mpi::Comm_free(&Child);
    mpi::Comm_free(&Dup);
    mpi::Comm_dup(MPI_COMM_WORLD, &Later);
    mpi::Comm_get_errhandler(Later, &Handler);
    EXPECT_EQ(Handler, MPI_ERRORS_ARE_FATAL);
    mpi::Comm_free(&Later);
    return 0;
  });
}
