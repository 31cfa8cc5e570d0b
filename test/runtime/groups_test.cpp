// groups_test.cpp - process groups, communicators made from groups (MPI_Comm_create,
// MPI_Comm_create_group), MPI_Comm_compare and MPI_Comm_split_type over virtual ranks.
#include "runtime_test_support.h"

#include <vector>

using namespace bamboo;
using namespace bamboo::test;

namespace {
int compareGroups(MPI_Group A, MPI_Group B) {
  int Result = -1;
  mpi::Group_compare(A, B, &Result);
  return Result;
}
int compareComms(MPI_Comm A, MPI_Comm B) {
  int Result = -1;
  mpi::Comm_compare(A, B, &Result);
  return Result;
}
int groupSize(MPI_Group G) {
  int N = -1;
  mpi::Group_size(G, &N);
  return N;
}
int groupRank(MPI_Group G) {
  int N = -2;
  mpi::Group_rank(G, &N);
  return N;
}
} // namespace

TEST(Groups, QueriesTranslationsAndSetOperations) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    MPI_Group World;
    mpi::Comm_group(MPI_COMM_WORLD, &World);
    EXPECT_NE(World, MPI_GROUP_NULL);
    EXPECT_EQ(groupSize(World), S);
    EXPECT_EQ(groupRank(World), R);

    std::vector<int> EvenRanks, OddRanks;
    for (int I = 0; I < S; ++I)
      (I % 2 ? OddRanks : EvenRanks).push_back(I);
    MPI_Group Evens, Odds;
    mpi::Group_incl(World, static_cast<int>(EvenRanks.size()), EvenRanks.data(), &Evens);
    mpi::Group_excl(World, static_cast<int>(EvenRanks.size()), EvenRanks.data(), &Odds);
    EXPECT_EQ(groupSize(Evens), static_cast<int>(EvenRanks.size()));
    EXPECT_EQ(groupSize(Odds), static_cast<int>(OddRanks.size()));
    EXPECT_EQ(groupRank(Evens), R % 2 ? MPI_UNDEFINED : R / 2);
    EXPECT_EQ(groupRank(Odds), R % 2 ? R / 2 : MPI_UNDEFINED);

    // Translations: evens -> world, world -> evens (odd ranks are not there).
    std::vector<int> InWorld(EvenRanks.size());
    std::vector<int> Positions;
    for (std::size_t I = 0; I < EvenRanks.size(); ++I)
      Positions.push_back(static_cast<int>(I));
    mpi::Group_translate_ranks(Evens, static_cast<int>(Positions.size()), Positions.data(), World,
                               InWorld.data());
    EXPECT_EQ(InWorld, EvenRanks);
    std::vector<int> All(S), InEvens(S);
    for (int I = 0; I < S; ++I)
      All[I] = I;
    mpi::Group_translate_ranks(World, S, All.data(), Evens, InEvens.data());
    for (int I = 0; I < S; ++I)
      EXPECT_EQ(InEvens[I], I % 2 ? MPI_UNDEFINED : I / 2);
    int Null = MPI_PROC_NULL, NullOut = 0;
    mpi::Group_translate_ranks(World, 1, &Null, Evens, &NullOut);
    EXPECT_EQ(NullOut, MPI_PROC_NULL);

    // Set operations keep the first group's order, then the second's.
    MPI_Group Union, Intersection, Difference;
    mpi::Group_union(Evens, Odds, &Union);
    EXPECT_EQ(groupSize(Union), S);
    EXPECT_EQ(compareGroups(Union, World), S <= 2 ? MPI_IDENT : MPI_SIMILAR);
    std::vector<int> UnionOrder(S);
    mpi::Group_translate_ranks(Union, S, All.data(), World, UnionOrder.data());
    std::vector<int> EvensThenOdds = EvenRanks;
    EvensThenOdds.insert(EvensThenOdds.end(), OddRanks.begin(), OddRanks.end());
    EXPECT_EQ(UnionOrder, EvensThenOdds);
    mpi::Group_intersection(Evens, Odds, &Intersection);
    EXPECT_EQ(Intersection, MPI_GROUP_EMPTY);
    mpi::Group_difference(World, Evens, &Difference);
    EXPECT_EQ(compareGroups(Difference, Odds), MPI_IDENT);
    EXPECT_EQ(compareGroups(Evens, Odds), MPI_UNEQUAL);
    MPI_Group Both;
    mpi::Group_intersection(World, Evens, &Both);
    EXPECT_EQ(compareGroups(Both, Evens), MPI_IDENT);

    // Ranges: every second rank, and the world backwards.
    int EveryOther[1][3] = {{0, S - 1, 2}}, Backwards[1][3] = {{S - 1, 0, -1}};
    int OddRange[1][3] = {{1, S - 1, 2}};
    MPI_Group Ranged, Reversed, RangeExcluded;
    mpi::Group_range_incl(World, 1, EveryOther, &Ranged);
    EXPECT_EQ(compareGroups(Ranged, Evens), MPI_IDENT);
    mpi::Group_range_incl(World, 1, Backwards, &Reversed);
    EXPECT_EQ(compareGroups(Reversed, World), S == 1 ? MPI_IDENT : MPI_SIMILAR);
    EXPECT_EQ(groupRank(Reversed), S - 1 - R);
    if (S > 1) {
      mpi::Group_range_excl(World, 1, OddRange, &RangeExcluded);
      EXPECT_EQ(compareGroups(RangeExcluded, Evens), MPI_IDENT);
      mpi::Group_free(&RangeExcluded);
    }

    // The empty group.
    MPI_Group None;
    mpi::Group_incl(World, 0, nullptr, &None);
    EXPECT_EQ(None, MPI_GROUP_EMPTY);
    EXPECT_EQ(groupSize(MPI_GROUP_EMPTY), 0);
    EXPECT_EQ(groupRank(MPI_GROUP_EMPTY), MPI_UNDEFINED);
    EXPECT_EQ(compareGroups(MPI_GROUP_EMPTY, Intersection), MPI_IDENT);

    for (MPI_Group *G : {&World, &Evens, &Odds, &Union, &Intersection, &Difference, &Both, &Ranged,
                         &Reversed, &None}) {
      mpi::Group_free(G);
      EXPECT_EQ(*G, MPI_GROUP_NULL);
    }
    return 0;
  });
}

TEST(Groups, CommCreateFromAGroupAndFromDisjointGroups) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    MPI_Group World, Evens, Odds, Reversed;
    mpi::Comm_group(MPI_COMM_WORLD, &World);
    int EveryOther[1][3] = {{0, S - 1, 2}}, Backwards[1][3] = {{S - 1, 0, -1}};
    mpi::Group_range_incl(World, 1, EveryOther, &Evens);
    mpi::Group_difference(World, Evens, &Odds);
    mpi::Group_range_incl(World, 1, Backwards, &Reversed);

    // Everybody passes the evens: odd ranks get MPI_COMM_NULL.
    MPI_Comm EvenComm;
    mpi::Comm_create(MPI_COMM_WORLD, Evens, &EvenComm);
    EXPECT_EQ(EvenComm == MPI_COMM_NULL, R % 2 == 1);
    if (EvenComm != MPI_COMM_NULL) {
      int Rank = -1, Size = 0, Sum = 0;
      mpi::Comm_rank(EvenComm, &Rank);
      mpi::Comm_size(EvenComm, &Size);
      EXPECT_EQ(Rank, R / 2);
      EXPECT_EQ(Size, (S + 1) / 2);
      mpi::Allreduce(&R, &Sum, 1, MPI_INT, MPI_SUM, EvenComm);
      EXPECT_EQ(Sum, (Size - 1) * Size); // 0 + 2 + 4 + ...
      EXPECT_EQ(compareComms(EvenComm, MPI_COMM_WORLD), S == 1 ? MPI_CONGRUENT : MPI_UNEQUAL);
      MPI_Group Back;
      mpi::Comm_group(EvenComm, &Back);
      EXPECT_EQ(compareGroups(Back, Evens), MPI_IDENT);
      mpi::Group_free(&Back);
      mpi::Comm_free(&EvenComm);
    }

    // Each rank passes its own parity's group (disjoint groups, MPI 2.2).
    MPI_Comm Parity;
    mpi::Comm_create(MPI_COMM_WORLD, R % 2 ? Odds : Evens, &Parity);
    EXPECT_NE(Parity, MPI_COMM_NULL);
    int ParityRank = -1, Count = 0, One = 1;
    mpi::Comm_rank(Parity, &ParityRank);
    EXPECT_EQ(ParityRank, R / 2);
    mpi::Allreduce(&One, &Count, 1, MPI_INT, MPI_SUM, Parity);
    EXPECT_EQ(Count, R % 2 ? S / 2 : (S + 1) / 2);
    mpi::Comm_free(&Parity);

    // The group's order is the new rank order.
    MPI_Comm Backward;
    mpi::Comm_create(MPI_COMM_WORLD, Reversed, &Backward);
    int BackRank = -1;
    mpi::Comm_rank(Backward, &BackRank);
    EXPECT_EQ(BackRank, S - 1 - R);
    EXPECT_EQ(compareComms(Backward, MPI_COMM_WORLD), S == 1 ? MPI_CONGRUENT : MPI_SIMILAR);
    int First = BackRank == 0 ? R : -1;
    mpi::Bcast(&First, 1, MPI_INT, 0, Backward);
    EXPECT_EQ(First, S - 1);
    mpi::Comm_free(&Backward);

    MPI_Comm Nobody;
    mpi::Comm_create(MPI_COMM_WORLD, MPI_GROUP_EMPTY, &Nobody);
    EXPECT_EQ(Nobody, MPI_COMM_NULL);
    for (MPI_Group *G : {&World, &Evens, &Odds, &Reversed})
      mpi::Group_free(G);
    return 0;
  });
}

TEST(Groups, CommCreateGroupInvolvesOnlyTheGroup) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Half = (S + 1) / 2; // the first half, rounded up
    MPI_Group World, Low, High;
    mpi::Comm_group(MPI_COMM_WORLD, &World);
    int LowRange[1][3] = {{0, Half - 1, 1}};
    mpi::Group_range_incl(World, 1, LowRange, &Low);
    mpi::Group_difference(World, Low, &High);

    MPI_Comm Mine = MPI_COMM_NULL;
    if (R < Half) {
      mpi::Comm_create_group(MPI_COMM_WORLD, Low, 5, &Mine);
      // The upper half never took part; a second call by the same group works too.
      MPI_Comm Again;
      mpi::Comm_create_group(MPI_COMM_WORLD, Low, 5, &Again);
      EXPECT_EQ(compareComms(Mine, Again), MPI_CONGRUENT);
      mpi::Comm_free(&Again);
    } else {
      // Meanwhile the upper half talks on its own, then makes its communicator.
      int Token = R;
      if (R + 1 < S)
        mpi::Send(&Token, 1, MPI_INT, R + 1, 9, MPI_COMM_WORLD);
      if (R > Half)
        mpi::Recv(&Token, 1, MPI_INT, R - 1, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      EXPECT_EQ(Token, R > Half ? R - 1 : R);
      mpi::Comm_create_group(MPI_COMM_WORLD, High, 5, &Mine);
    }
    int MineRank = -1, MineSize = 0, Sum = 0;
    mpi::Comm_rank(Mine, &MineRank);
    mpi::Comm_size(Mine, &MineSize);
    EXPECT_EQ(MineSize, R < Half ? Half : S - Half);
    EXPECT_EQ(MineRank, R < Half ? R : R - Half);
    mpi::Allreduce(&R, &Sum, 1, MPI_INT, MPI_SUM, Mine);
    int Lo = R < Half ? 0 : Half, Hi = R < Half ? Half : S;
    EXPECT_EQ(Sum, (Hi - 1 + Lo) * (Hi - Lo) / 2);

    // A rank outside the group gets MPI_COMM_NULL at once.
    MPI_Comm Outside;
    mpi::Comm_create_group(MPI_COMM_WORLD, R < Half ? High : Low, 6, &Outside);
    EXPECT_EQ(Outside, MPI_COMM_NULL);
    mpi::Comm_free(&Mine);
    for (MPI_Group *G : {&World, &Low, &High})
      mpi::Group_free(G);
    return 0;
  });
}

TEST(Groups, CommCreateGroupOfOverlappingGroupsInSequence) {
  BAMBOO_NEED_RANKS(3);
  runRanks([&](int, char **) -> int {
    // Rank 1 leads {1,0} and then {1,2}. Rank 2's message for {1,2} reaches rank 1 while it
    // still waits for rank 0's for {1,0}, and must not be taken for it, though both come from
    // the second member of a group.
    int R = rank();
    MPI_Group World, First, Second;
    mpi::Comm_group(MPI_COMM_WORLD, &World);
    int A[2] = {1, 0}, B[2] = {1, 2};
    mpi::Group_incl(World, 2, A, &First);
    mpi::Group_incl(World, 2, B, &Second);
    MPI_Comm C1 = MPI_COMM_NULL, C2 = MPI_COMM_NULL;
    int Token = 0;
    if (R == 2) {
      mpi::Send(&Token, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
      mpi::Comm_create_group(MPI_COMM_WORLD, Second, 0, &C2);
    } else if (R == 0) {
      mpi::Recv(&Token, 1, MPI_INT, 2, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      mpi::Comm_create_group(MPI_COMM_WORLD, First, 0, &C1);
    } else if (R == 1) {
      mpi::Comm_create_group(MPI_COMM_WORLD, First, 0, &C1);
      mpi::Comm_create_group(MPI_COMM_WORLD, Second, 0, &C2);
    }
    for (MPI_Comm *C : {&C1, &C2}) {
      if (*C == MPI_COMM_NULL)
        continue;
      int Sum = 0, Rank = -1;
      mpi::Comm_rank(*C, &Rank);
      EXPECT_EQ(Rank, R == 1 ? 0 : 1);
      mpi::Allreduce(&R, &Sum, 1, MPI_INT, MPI_SUM, *C);
      EXPECT_EQ(Sum, C == &C1 ? 1 : 3);
      mpi::Comm_free(C);
    }
    for (MPI_Group *G : {&World, &First, &Second})
      mpi::Group_free(G);
    return 0;
  });
}

TEST(Groups, CommCompare) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    MPI_Comm Dup, Reversed, Alone, Parity;
    mpi::Comm_dup(MPI_COMM_WORLD, &Dup);
    mpi::Comm_split(MPI_COMM_WORLD, 0, -R, &Reversed);
    mpi::Comm_split(MPI_COMM_WORLD, R, 0, &Alone);
    mpi::Comm_split(MPI_COMM_WORLD, R % 2, R, &Parity);
    EXPECT_EQ(compareComms(MPI_COMM_WORLD, MPI_COMM_WORLD), MPI_IDENT);
    EXPECT_EQ(compareComms(Dup, Dup), MPI_IDENT);
    EXPECT_EQ(compareComms(MPI_COMM_WORLD, Dup), MPI_CONGRUENT);
    EXPECT_EQ(compareComms(Reversed, MPI_COMM_WORLD), S == 1 ? MPI_CONGRUENT : MPI_SIMILAR);
    EXPECT_EQ(compareComms(MPI_COMM_SELF, MPI_COMM_SELF), MPI_IDENT);
    EXPECT_EQ(compareComms(Alone, MPI_COMM_SELF), MPI_CONGRUENT);
    EXPECT_EQ(compareComms(Parity, MPI_COMM_WORLD), S == 1 ? MPI_CONGRUENT : MPI_UNEQUAL);
    EXPECT_EQ(compareComms(MPI_COMM_SELF, MPI_COMM_WORLD), S == 1 ? MPI_CONGRUENT : MPI_UNEQUAL);
    for (MPI_Comm *C : {&Dup, &Reversed, &Alone, &Parity})
      mpi::Comm_free(C);
    return 0;
  });
}

TEST(Groups, SplitTypeSharedIsTheProcessRanks) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int K = settings().VirtualRanksPerProcess;
    MPI_Comm Node, None;
    mpi::Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, -R, MPI_INFO_NULL, &Node);
    mpi::Comm_split_type(MPI_COMM_WORLD, MPI_UNDEFINED, 0, MPI_INFO_NULL, &None);
    EXPECT_EQ(None, MPI_COMM_NULL);
    int NodeRank = -1, NodeSize = 0;
    mpi::Comm_rank(Node, &NodeRank);
    mpi::Comm_size(Node, &NodeSize);
    EXPECT_EQ(NodeSize, K);
    EXPECT_EQ(NodeRank, K - 1 - R % K); // the key reverses the order
    // Its members are the ranks of this process.
    MPI_Group NodeGroup, World;
    mpi::Comm_group(Node, &NodeGroup);
    mpi::Comm_group(MPI_COMM_WORLD, &World);
    std::vector<int> Local(K), InWorld(K);
    for (int I = 0; I < K; ++I)
      Local[I] = I;
    mpi::Group_translate_ranks(NodeGroup, K, Local.data(), World, InWorld.data());
    for (int I = 0; I < K; ++I)
      EXPECT_EQ(InWorld[I] / K, R / K);

    // The usual two-level sum: within the node, then among the nodes' leaders.
    int NodeSum = 0, Total = -1;
    mpi::Allreduce(&R, &NodeSum, 1, MPI_INT, MPI_SUM, Node);
    MPI_Comm Leaders;
    mpi::Comm_split(MPI_COMM_WORLD, NodeRank == 0 ? 0 : MPI_UNDEFINED, R, &Leaders);
    if (Leaders != MPI_COMM_NULL) {
      mpi::Allreduce(&NodeSum, &Total, 1, MPI_INT, MPI_SUM, Leaders);
      mpi::Comm_free(&Leaders);
    }
    mpi::Bcast(&Total, 1, MPI_INT, 0, Node);
    EXPECT_EQ(Total, S * (S - 1) / 2);
    mpi::Group_free(&NodeGroup);
    mpi::Group_free(&World);
    mpi::Comm_free(&Node);
    return 0;
  });
}
