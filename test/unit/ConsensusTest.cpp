//===- ConsensusTest.cpp - Tests of the consensus of partial orders -------===//
//
// The consensus library alone (issue 19): kept and rejected edges, ties
// broken by written order, and the textbook block of receives, computations
// and a send.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Reorder/Consensus.h"

#include "gtest/gtest.h"

#include <map>
#include <set>
#include <string>

using namespace bamboo::reorder;

namespace {

/// "" on success, else the message.
std::string errorText(llvm::Error E) {
  return E ? llvm::toString(std::move(E)) : "";
}

TEST(Consensus, NoOrderKeepsTheWrittenOrder) {
  Consensus C(5);
  ASSERT_EQ(errorText(C.require("dependence",
                                [](unsigned, unsigned) { return false; })),
            "");
  EXPECT_EQ(C.order(), (std::vector<unsigned>{0, 1, 2, 3, 4}));
}

TEST(Consensus, RequiredEdgesAreKeptAndACycleIsAnError) {
  Consensus C(3);
  // 2 before 0; 1 is free and keeps its place among the rest.
  ASSERT_EQ(errorText(C.require(
                "dependence",
                [](unsigned A, unsigned B) { return A == 2 && B == 0; })),
            "");
  EXPECT_EQ(C.order(), (std::vector<unsigned>{1, 2, 0}));
  EXPECT_TRUE(C.precedes(2, 0));
  EXPECT_FALSE(C.precedes(0, 2));

  Consensus Cyclic(3);
  llvm::Error E = Cyclic.require(
      "dependence", [](unsigned A, unsigned B) { return B == (A + 1) % 3; });
  EXPECT_EQ(errorText(std::move(E)),
            "order 'dependence' is cyclic: 0 -> 1 -> 2 -> 0");
}

TEST(Consensus, ALaterOrderCannotBreakAnEarlierOne) {
  Consensus C(3);
  ASSERT_EQ(errorText(C.require(
                "dependence",
                [](unsigned A, unsigned B) { return A == 0 && B == 1; })),
            "");
  // Asks 1 before 0 (contradicts) and 2 before 0 (fine).
  C.prefer("overlap", [](unsigned A, unsigned B) {
    return (A == 1 && B == 0) || (A == 2 && B == 0);
  });
  EXPECT_EQ(C.order(), (std::vector<unsigned>{2, 0, 1}));
  ASSERT_EQ(C.rejections().size(), 1u);
  EXPECT_EQ(C.rejections()[0].Before, 1u);
  EXPECT_EQ(C.rejections()[0].After, 0u);
  EXPECT_EQ(C.orders()[C.rejections()[0].Order], "overlap");
  // Why: 0 -> 1 by dependence.
  std::vector<Consensus::Step> Why = C.chain(0, 1);
  ASSERT_EQ(Why.size(), 2u);
  EXPECT_EQ(Why[0].Item, 0u);
  EXPECT_EQ(Why[1].Item, 1u);
  EXPECT_EQ(C.orders()[Why[1].Order], "dependence");
}

TEST(Consensus, TransitiveContradictionsAreRejected) {
  // 0 -> 1 and 1 -> 2 kept; a later 2 -> 0 would close a cycle through both.
  Consensus C(3);
  ASSERT_EQ(
      errorText(C.require("dependence",
                          [](unsigned A, unsigned B) { return B == A + 1; })),
      "");
  C.prefer("late", [](unsigned A, unsigned B) { return A == 2 && B == 0; });
  EXPECT_EQ(C.order(), (std::vector<unsigned>{0, 1, 2}));
  ASSERT_EQ(C.rejections().size(), 1u);
  EXPECT_EQ(C.chain(0, 2).size(), 3u);
}

TEST(Consensus, SortKeysOrderOnlyTheKeyedItems) {
  // Items 1 and 3 have keys 9 and 4; 0 and 2 have none and stay in place
  // relative to what nothing orders.
  Consensus C(4);
  ASSERT_EQ(errorText(C.require("dependence",
                                [](unsigned, unsigned) { return false; })),
            "");
  C.prefer("tags", [](unsigned I) -> std::optional<long> {
    if (I == 1)
      return 9;
    if (I == 3)
      return 4;
    return std::nullopt;
  });
  EXPECT_EQ(C.order(), (std::vector<unsigned>{0, 2, 3, 1}));
}

TEST(Consensus, EarlierItemsPreferencesWinAmongOneOrder) {
  // One order asks 0 before 1 and 1 before 0 (an inconsistent comparator):
  // the pair asked first, (0, 1), is kept.
  Consensus C(2);
  ASSERT_EQ(errorText(C.require("dependence",
                                [](unsigned, unsigned) { return false; })),
            "");
  C.prefer("both", [](unsigned, unsigned) { return true; });
  EXPECT_EQ(C.order(), (std::vector<unsigned>{0, 1}));
  ASSERT_EQ(C.rejections().size(), 1u);
  EXPECT_EQ(C.rejections()[0].Before, 1u);
}

/// The textbook block: two receives and their waits, computations on what
/// they bring (a*2, b+5, dot(a, b), solve), and a send of an independent
/// buffer with its wait, written in the blocking style (each wait right after
/// its start).
TEST(Consensus, TheTextbookBlockSeparatesTheSendFromItsWait) {
  enum Item { R1, RW1, R2, RW2, Mul2, Add5, Dot, Solve, S1, SW1, Count };
  const char *Names[] = {"R1", "RW1", "R2",    "RW2", "*2",
                         "+5", "dot", "solve", "S1",  "SW1"};
  std::set<std::pair<unsigned, unsigned>> Dependence = {
      {R1, RW1},   {R2, RW2},   {RW1, Mul2},  {RW2, Add5},
      {Mul2, Dot}, {Add5, Dot}, {Dot, Solve}, {S1, SW1}};
  std::set<unsigned> Starts = {R1, R2, S1}, Completions = {RW1, RW2, SW1};
  std::map<unsigned, long> Tags = {{R1, 1},  {RW1, 1}, {R2, 2},
                                   {RW2, 2}, {S1, 3},  {SW1, 3}};

  Consensus C(Count);
  ASSERT_EQ(errorText(C.require("dependence",
                                [&](unsigned A, unsigned B) {
                                  return Dependence.count({A, B}) > 0;
                                })),
            "");
  C.prefer("overlap", [&](unsigned A, unsigned B) {
    bool StartFirst = Starts.count(A) && !Starts.count(B);
    bool CompletionLast = Completions.count(B) && !Completions.count(A);
    return StartFirst || CompletionLast;
  });
  C.prefer("tags", [&](unsigned I) -> std::optional<long> {
    auto It = Tags.find(I);
    return It == Tags.end() ? std::nullopt : std::optional<long>(It->second);
  });

  std::vector<unsigned> Order = C.order();
  std::string Written;
  for (unsigned I : Order)
    Written += std::string(Written.empty() ? "" : " ") + Names[I];
  // Every start first, each wait just before the first use of its data, the
  // send's wait last: what a hand-tuned code writes.
  EXPECT_EQ(Written, "R1 R2 S1 RW1 *2 RW2 +5 dot solve SW1");

  std::vector<unsigned> Position(Count);
  for (unsigned P = 0; P < Order.size(); ++P)
    Position[Order[P]] = P;
  for (auto [A, B] : Dependence)
    EXPECT_LT(Position[A], Position[B]) << Names[A] << " " << Names[B];
  for (unsigned Computation : {Mul2, Add5, Dot, Solve}) {
    EXPECT_LT(Position[S1], Position[Computation]);
    EXPECT_LT(Position[Computation], Position[SW1]);
  }
}

} // namespace
