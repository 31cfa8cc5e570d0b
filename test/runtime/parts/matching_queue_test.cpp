// matching_queue_test.cpp - receives and unexpected messages kept per source must still match
// in MPI's order: the oldest item that matches, whether it was posted for that source or for
// MPI_ANY_SOURCE, and for a wildcard lookup the oldest of any source.
#include "matching_queue.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <vector>

using namespace bamboo::detail;

namespace {
// A stand-in for a receive or a message: its source and tag, and a name to tell them apart.
struct Item {
  int Source, Tag, Id;
  bool operator==(const Item &) const = default;
};

auto tagIs(int Tag) {
  return
      [Tag](const Item &I) { return Tag == MPI_ANY_TAG || I.Tag == MPI_ANY_TAG || I.Tag == Tag; };
}
auto any() {
  return [](const Item &) { return true; };
}

std::optional<int> takeId(MatchingQueue<Item> &Q, int Source, int Tag) {
  std::optional<Item> I = Q.take(Source, tagIs(Tag));
  return I ? std::optional<int>(I->Id) : std::nullopt;
}
} // namespace

TEST(MatchingQueuePart, ASourcesItemsMatchOldestFirst) {
  MatchingQueue<Item> Q;
  Q.push(3, {3, 5, 1});
  Q.push(4, {4, 5, 2});
  Q.push(3, {3, 5, 3});
  EXPECT_EQ(takeId(Q, 3, 5), 1);
  EXPECT_EQ(takeId(Q, 3, 5), 3);
  EXPECT_EQ(takeId(Q, 3, 5), std::nullopt);
  EXPECT_EQ(takeId(Q, 4, 5), 2);
  EXPECT_TRUE(Q.empty());
}

TEST(MatchingQueuePart, AWildcardReceivePostedFirstMatchesFirst) {
  // Posted receives: from any source, then from 2. A message from 2 matches the older one.
  MatchingQueue<Item> Posted;
  Posted.push(MPI_ANY_SOURCE, {MPI_ANY_SOURCE, 7, 1});
  Posted.push(2, {2, 7, 2});
  EXPECT_EQ(takeId(Posted, 2, 7), 1);
  EXPECT_EQ(takeId(Posted, 2, 7), 2);
  // Posted the other way round, the receive from 2 is older.
  Posted.push(2, {2, 7, 3});
  Posted.push(MPI_ANY_SOURCE, {MPI_ANY_SOURCE, 7, 4});
  EXPECT_EQ(takeId(Posted, 2, 7), 3);
  // A message from another source takes only the wildcard.
  EXPECT_EQ(takeId(Posted, 9, 7), 4);
  EXPECT_TRUE(Posted.empty());
}

TEST(MatchingQueuePart, TheOldestMatchSkipsItemsThatDoNotMatch) {
  MatchingQueue<Item> Posted;
  Posted.push(2, {2, 8, 1});                           // another tag: skipped
  Posted.push(MPI_ANY_SOURCE, {MPI_ANY_SOURCE, 9, 2}); // another tag: skipped
  Posted.push(MPI_ANY_SOURCE, {MPI_ANY_SOURCE, 7, 3});
  Posted.push(2, {2, 7, 4});
  EXPECT_EQ(takeId(Posted, 2, 7), 3);
  EXPECT_EQ(takeId(Posted, 2, 7), 4);
  EXPECT_EQ(takeId(Posted, 2, 7), std::nullopt);
  EXPECT_EQ(Posted.size(), 2u);
}

TEST(MatchingQueuePart, AWildcardLookupTakesTheOldestOfAnySource) {
  // Unexpected messages from several sources; a receive from any source takes them in arrival
  // order, whichever source's queue they are in.
  MatchingQueue<Item> Unexpected;
  std::vector<int> Sources = {5, 1, 5, 3, 1, 0};
  for (int I = 0; I < static_cast<int>(Sources.size()); ++I)
    Unexpected.push(Sources[I], {Sources[I], 4, I});
  for (int I = 0; I < static_cast<int>(Sources.size()); ++I) {
    std::optional<Item> Taken = Unexpected.take(MPI_ANY_SOURCE, any());
    ASSERT_TRUE(Taken);
    EXPECT_EQ(Taken->Id, I);
    EXPECT_EQ(Taken->Source, Sources[I]);
  }
  EXPECT_TRUE(Unexpected.empty());
}

TEST(MatchingQueuePart, AQueueThatEmptiedAndFilledAgainKeepsTheOrder) {
  // Sources whose queues empty and fill again, in every order: a wildcard still takes the
  // oldest item, and a queue emptied by remove() is no longer looked at.
  MatchingQueue<Item> Q;
  Q.push(1, {1, 0, 0});
  Q.push(2, {2, 0, 1});
  Q.push(3, {3, 0, 2});
  EXPECT_EQ(takeId(Q, 1, 0), 0);
  EXPECT_TRUE(Q.remove(3, Item{3, 0, 2}));
  Q.push(3, {3, 0, 3});
  Q.push(1, {1, 0, 4});
  EXPECT_EQ(takeId(Q, 2, 0), 1);
  Q.push(2, {2, 0, 5});
  for (int Id : {3, 4, 5}) {
    std::optional<Item> Taken = Q.take(MPI_ANY_SOURCE, any());
    ASSERT_TRUE(Taken);
    EXPECT_EQ(Taken->Id, Id);
  }
  EXPECT_TRUE(Q.empty());
  EXPECT_EQ(Q.take(MPI_ANY_SOURCE, any()), std::nullopt);
  EXPECT_TRUE(Q.inOrder().empty());
}

TEST(MatchingQueuePart, PeekLeavesTheItemAndRemoveFindsItByIdentity) {
  MatchingQueue<Item> Q;
  Q.push(1, {1, 2, 1});
  Q.push(1, {1, 2, 2});
  const Item *Seen = Q.peek(1, tagIs(2));
  ASSERT_NE(Seen, nullptr);
  EXPECT_EQ(Seen->Id, 1);
  EXPECT_EQ(Q.size(), 2u);
  EXPECT_TRUE(Q.remove(1, Item{1, 2, 2}));
  EXPECT_FALSE(Q.remove(1, Item{1, 2, 2})); // gone already
  EXPECT_FALSE(Q.remove(6, Item{1, 2, 1})); // not under that source
  EXPECT_EQ(takeId(Q, 1, 2), 1);
  EXPECT_TRUE(Q.empty());
  EXPECT_EQ(Q.peek(1, any()), nullptr);
}

TEST(MatchingQueuePart, InOrderListsEveryItemOldestFirst) {
  MatchingQueue<std::unique_ptr<Item>> Q; // move-only items, as messages are
  Q.push(4, std::make_unique<Item>(Item{4, 0, 0}));
  Q.push(MPI_ANY_SOURCE, std::make_unique<Item>(Item{MPI_ANY_SOURCE, 0, 1}));
  Q.push(2, std::make_unique<Item>(Item{2, 0, 2}));
  Q.push(4, std::make_unique<Item>(Item{4, 0, 3}));
  std::vector<int> Ids;
  for (const std::unique_ptr<Item> *I : Q.inOrder())
    Ids.push_back((*I)->Id);
  EXPECT_EQ(Ids, (std::vector<int>{0, 1, 2, 3}));
  std::optional<std::unique_ptr<Item>> Taken =
      Q.take(4, [](const std::unique_ptr<Item> &I) { return I->Id == 3; });
  ASSERT_TRUE(Taken);
  EXPECT_EQ((*Taken)->Id, 3);
  EXPECT_EQ(Q.size(), 3u);
}
