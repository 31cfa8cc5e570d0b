// broadcast_test.cpp - collective detection's parts (docs/collective-detection.md): the tree,
// the order of a root's messages that come two ways, the engine's detection against a fake
// transport, and the transport's broadcast records between processes.
#include "broadcast_tree.h"
#include "communicator.h"
#include "engine.h"
#include "rank_task.h"
#include "route_order.h"
#include "scheduler.h"
#include "transport.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

using namespace bamboo::detail;

// Every process of a route is reached once, within ceil(log2 n) hops, and nobody sends more
// than ceil(log2 n) records.
TEST(BroadcastTreePart, EveryProcessIsReachedOnceWithinLogarithmicDepth) {
  for (int N = 1; N <= 70; ++N) {
    std::vector<int> Reached(N, 0), Depth(N, 0);
    Reached[0] = 1;
    std::vector<RouteSlice> Work{{0, N}};
    int Log = 0;
    while ((1 << Log) < N)
      ++Log;
    while (!Work.empty()) {
      RouteSlice S = Work.back();
      Work.pop_back();
      std::vector<RouteSlice> Halves = passedOn(S);
      EXPECT_LE(static_cast<int>(Halves.size()), Log) << "n " << N;
      for (RouteSlice H : Halves) {
        ASSERT_LT(S.Begin, H.Begin);
        ASSERT_LE(H.End, S.End);
        ++Reached[H.Begin];
        Depth[H.Begin] = Depth[S.Begin] + 1;
        EXPECT_LE(Depth[H.Begin], Log) << "n " << N;
        Work.push_back(H);
      }
    }
    for (int I = 0; I < N; ++I)
      EXPECT_EQ(Reached[I], 1) << "process " << I << " of " << N;
  }
}

namespace {
// A message whose tag tells the order it was sent in.
RouteArrival arrival(Way By, std::vector<int> Tags, std::optional<Way> Then = std::nullopt) {
  RouteArrival A;
  A.By = By;
  A.Then = Then;
  for (int Tag : Tags) {
    auto M = std::make_unique<Message>();
    M->Env.Tag = Tag;
    A.Messages.emplace_back(0, std::move(M));
  }
  return A;
}

struct Taken {
  std::vector<int> Tags;
  void operator()(int, std::unique_ptr<Message> M) { Tags.push_back(M->Env.Tag); }
};
} // namespace

// A tree record that overtook the switch waits for it; direct records before the switch do not.
TEST(RouteOrderPart, WhatComesTheOtherWayWaitsForTheChangeOfWay) {
  RouteOrder Order;
  Taken T;
  Order.arrive(9, 4, arrival(Way::Tree, {3}), std::ref(T));
  EXPECT_TRUE(Order.holding());
  Order.arrive(9, 4, arrival(Way::Direct, {1}), std::ref(T));
  EXPECT_EQ(T.Tags, (std::vector<int>{1}));
  Order.arrive(9, 4, arrival(Way::Direct, {2}, Way::Tree), std::ref(T));
  EXPECT_EQ(T.Tags, (std::vector<int>{1, 2, 3}));
  EXPECT_FALSE(Order.holding());
  Order.arrive(9, 4, arrival(Way::Direct, {5}), std::ref(T)); // overtook the end marker
  EXPECT_TRUE(Order.holding());
  Order.arrive(9, 4, arrival(Way::Tree, {4}), std::ref(T));
  Order.arrive(9, 4, arrival(Way::Tree, {}, Way::Direct), std::ref(T));
  EXPECT_EQ(T.Tags, (std::vector<int>{1, 2, 3, 4, 5}));
  EXPECT_FALSE(Order.holding());
}

TEST(RouteOrderPart, MessagesOfOneRootAreTakenInTheOrderSent) {
  // Sent: 1 direct; 2 direct + switch mark; 3, 4 tree; end marker (tree); 5 direct.
  // Each permutation that keeps each way's own order is a possible arrival order.
  struct Item {
    Way By;
    std::vector<int> Tags;
    std::optional<Way> Then;
  };
  std::vector<Item> DirectWay{
      {Way::Direct, {1}, {}}, {Way::Direct, {2}, Way::Tree}, {Way::Direct, {5}, {}}};
  std::vector<Item> TreeWay{
      {Way::Tree, {3}, {}}, {Way::Tree, {4}, {}}, {Way::Tree, {}, Way::Direct}};
  int Orders = 0;
  for (unsigned Mask = 0; Mask < 64; ++Mask) {
    if (__builtin_popcount(Mask) != 3)
      continue; // 3 of the 6 arrivals come directly
    RouteOrder Order;
    Taken T;
    std::size_t D = 0, Tr = 0;
    for (int I = 0; I < 6; ++I) {
      const Item &It = (Mask >> I & 1) ? DirectWay[D++] : TreeWay[Tr++];
      Order.arrive(9, 4, arrival(It.By, It.Tags, It.Then), std::ref(T));
    }
    EXPECT_EQ(T.Tags, (std::vector<int>{1, 2, 3, 4, 5})) << "arrival mask " << Mask;
    EXPECT_FALSE(Order.holding());
    EXPECT_FALSE(Order.tracks(9, 4)) << "back to direct: nothing to track";
    ++Orders;
  }
  EXPECT_EQ(Orders, 20);
}

TEST(RouteOrderPart, OtherRootsAndContextsAreNotHeld) {
  RouteOrder Order;
  Taken T;
  Order.arrive(9, 4, arrival(Way::Tree, {3}), std::ref(T)); // held: root 9 has not switched
  EXPECT_TRUE(Order.tracks(9, 4));
  EXPECT_FALSE(Order.tracks(9, 5));
  EXPECT_FALSE(Order.tracks(8, 4));
  Order.arrive(8, 4, arrival(Way::Direct, {7}), std::ref(T));
  EXPECT_EQ(T.Tags, (std::vector<int>{7}));
}

namespace {
// Records what the engine hands to the transport.
struct FakeRemote final : RemoteSends {
  struct Sent {
    int DestWorld;
    int Tag;
    std::vector<std::byte> Payload;
  };
  std::vector<Sent> Eager;
  struct Broadcast {
    BroadcastRoute Route;
    Envelope Env;
    std::vector<std::byte> Payload;
    BroadcastWay How;
  };
  std::vector<Broadcast> Broadcasts;
  // Both in the order the engine called, as one log: "e<dest>" or "tree", "to-tree", "end".
  std::vector<std::string> Log;

  std::byte *eager(int, int DestWorld, int, const Envelope &Env, std::size_t Bytes) override {
    Log.push_back("e" + std::to_string(DestWorld));
    Eager.push_back({DestWorld, Env.Tag, std::vector<std::byte>(Bytes)});
    return Eager.back().Payload.data();
  }
  void rendezvous(int, int DestWorld, int, const Envelope &, Request &, const std::byte *,
                  std::size_t, bool) override {
    Log.push_back("r" + std::to_string(DestWorld));
  }
  void rendezvousInParts(int, int DestWorld, int, const Envelope &, Request &, const std::byte *,
                         std::size_t) override {
    Log.push_back("r" + std::to_string(DestWorld));
  }
  void partsReady(Request &, std::size_t) override {}
  void receivePayload(const Message &, Request &, const Layout &) override {}
  void broadcast(const BroadcastRoute &Route, int, const Envelope &Env,
                 std::span<const std::byte> Payload, BroadcastWay How) override {
    Log.push_back(How == BroadcastWay::Tree     ? "tree"
                  : How == BroadcastWay::ToTree ? "to-tree"
                                                : "end");
    Broadcasts.push_back({Route, Env, {Payload.begin(), Payload.end()}, How});
  }
};

// Process 0 of four, one virtual rank each: rank 0 is the root, 1-3 live on other processes.
struct DetectionFixture {
  static constexpr int Context = 4;
  Scheduler Sched{1};
  FakeRemote Remote;
  ProgressSignal Progress;
  Engine Eng{Placement{0, 1}, 1024, Sched, Remote, Progress, /*DetectBroadcasts=*/true};
  RankTask Root;
  Communicator World;
  std::vector<std::unique_ptr<Request>> Requests;
  DetectionFixture() {
    Root.WorldRank = 0;
    Root.Thread = std::make_unique<Fiber>(64 * 1024, [] {}); // never run
    World.IsWorld = true;
    World.Size = 4;
    World.Context = Context;
    World.CollectiveContext = Context + 1;
  }
  void send(int To, const int *Data, int Tag = 7) {
    auto &S = *Requests.emplace_back(new Request);
    S.Owner = &Root;
    S.SendBuf = Data;
    S.Count = 1;
    S.Type = MPI_INT;
    S.DestWorld = To;
    S.Comm = &World;
    Eng.startSend(S, Envelope{0, Tag, Context}, SendMode::Buffered); // as in a region
    EXPECT_TRUE(S.Complete);
  }
  // One region entry that sends Data to each of Dests.
  void entry(const int *Data, std::vector<int> Dests = {1, 2, 3}) {
    Eng.openBatch(0);
    for (int D : Dests)
      send(D, Data);
    Eng.closeBatch(0);
  }
  std::vector<std::string> log() { return std::exchange(Remote.Log, {}); }
};

int valueOf(const std::vector<std::byte> &Payload) {
  int V = 0;
  std::memcpy(&V, Payload.data(), sizeof V);
  return V;
}
} // namespace

TEST(BroadcastDetectionPart, ARepeatedBroadcastGoesAlongTheTreeFromItsThirdEntry) {
  DetectionFixture F;
  int Value = 10;
  F.entry(&Value);
  EXPECT_EQ(F.log(), (std::vector<std::string>{"e1", "e2", "e3"})); // as written
  F.entry(&Value);
  EXPECT_EQ(F.log(), (std::vector<std::string>{"e1", "e2", "e3", "to-tree"}));
  Value = 11; // each entry's bytes, once the same for every rank
  F.entry(&Value);
  EXPECT_EQ(F.log(), (std::vector<std::string>{"tree"}));
  ASSERT_EQ(F.Remote.Broadcasts.size(), 2u);
  const auto &B = F.Remote.Broadcasts.back();
  EXPECT_EQ(valueOf(B.Payload), 11);
  EXPECT_EQ(B.Env.Tag, 7);
  EXPECT_EQ(B.Route.Processes, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(B.Route.FirstRank, (std::vector<int>{0, 0, 1, 2, 3}));
  EXPECT_EQ(B.Route.Ranks, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(F.Eng.counters().TreeBroadcasts, 1u);
}

TEST(BroadcastDetectionPart, PartialPatternsAreSentAsWritten) {
  int Value = 1, Other = 2;
  // A rank left out, or one twice.
  for (std::vector<int> Dests : {std::vector<int>{1, 2}, std::vector<int>{1, 2, 3, 3}}) {
    DetectionFixture F;
    for (int I = 0; I < 4; ++I)
      F.entry(&Value, Dests);
    for (const std::string &L : F.log())
      EXPECT_EQ(L[0], 'e');
  }
  // Different buffers for different ranks.
  {
    DetectionFixture F;
    for (int I = 0; I < 4; ++I) {
      F.Eng.openBatch(0);
      F.send(1, &Value);
      F.send(2, &Other);
      F.send(3, &Value);
      F.Eng.closeBatch(0);
    }
    for (const std::string &L : F.log())
      EXPECT_EQ(L[0], 'e');
  }
  // Different tags.
  {
    DetectionFixture F;
    for (int I = 0; I < 4; ++I) {
      F.Eng.openBatch(0);
      F.send(1, &Value, 7);
      F.send(2, &Value, 8);
      F.send(3, &Value, 7);
      F.Eng.closeBatch(0);
    }
    for (const std::string &L : F.log())
      EXPECT_EQ(L[0], 'e');
  }
  // Something else to another process between two broadcasts: they do not repeat.
  {
    DetectionFixture F;
    for (int I = 0; I < 4; ++I) {
      F.entry(&Value);
      F.send(2, &Other); // outside any region
    }
    for (const std::string &L : F.log())
      EXPECT_EQ(L[0], 'e');
  }
}

TEST(BroadcastDetectionPart, WhatBreaksTheTreeEndsItBeforeItLeaves) {
  int Value = 1, Other = 2;
  // The same buffer whose bytes changed between two sends: not a broadcast.
  {
    DetectionFixture F;
    F.entry(&Value);
    F.entry(&Value);
    F.log();
    F.Eng.openBatch(0);
    F.send(1, &Value);
    Value = 5;
    F.send(2, &Value);
    F.send(3, &Value);
    F.Eng.closeBatch(0);
    EXPECT_EQ(F.log(), (std::vector<std::string>{"end", "e1", "e2", "e3"}));
    ASSERT_EQ(F.Remote.Eager.size(), 9u);
    EXPECT_EQ(valueOf(F.Remote.Eager[6].Payload), 1);
    EXPECT_EQ(valueOf(F.Remote.Eager[7].Payload), 5);
    EXPECT_EQ(F.Eng.counters().TreeBroadcasts, 0u);
  }
  // A rank left out once the tree is on: the end marker, then the sends as written.
  {
    DetectionFixture F;
    F.entry(&Value);
    F.entry(&Value);
    F.log();
    F.entry(&Value, {1, 3});
    EXPECT_EQ(F.log(), (std::vector<std::string>{"end", "e1", "e3"}));
    EXPECT_EQ(F.Eng.counters().TreeBroadcasts, 0u);
  }
  // Another send on the communicator: the end marker first, then the send.
  {
    DetectionFixture F;
    F.entry(&Value);
    F.entry(&Value);
    F.entry(&Value);
    F.log();
    F.send(2, &Other);
    EXPECT_EQ(F.log(), (std::vector<std::string>{"end", "e2"}));
    F.entry(&Value); // and a new candidate, as written
    EXPECT_EQ(F.log(), (std::vector<std::string>{"e1", "e2", "e3"}));
  }
  // The rank waits inside the region: what it holds leaves first, as written.
  {
    DetectionFixture F;
    F.entry(&Value);
    F.entry(&Value);
    F.log();
    F.Eng.openBatch(0);
    Value = 3;
    F.send(1, &Value);
    F.send(2, &Value); // the same bytes: only the first send's are kept
    F.Eng.releaseBatch(0);
    EXPECT_EQ(F.log(), (std::vector<std::string>{"end", "e1", "e2"}));
    ASSERT_EQ(F.Remote.Eager.size(), 8u);
    EXPECT_EQ(valueOf(F.Remote.Eager[6].Payload), 3);
    EXPECT_EQ(valueOf(F.Remote.Eager[7].Payload), 3);
    F.send(3, &Value);
    F.Eng.closeBatch(0);
    EXPECT_EQ(F.log(), (std::vector<std::string>{"e3"}));
  }
}

// Between processes (3, 4 and 6): process 0's rank broadcasts along the tree, interleaved with
// direct messages as the engine would send them; every process takes each message once, whole,
// in the order sent.
TEST(TransportPartAcrossProcesses, BroadcastRecordsReachEveryProcessInTheOrderSent) {
  int Rank = 0, Size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Size);
  if (Size < 3)
    GTEST_SKIP() << "three processes or more";
  struct Arrivals final : bamboo::detail::Arrivals {
    std::map<int, std::vector<std::unique_ptr<Message>>> Taken; // by destination rank
    std::size_t Count = 0;
    void deliver(int DestWorld, std::unique_ptr<Message> M) override {
      EXPECT_TRUE(DestWorld == 100 + Rank || DestWorld == 1000 + Rank) << DestWorld;
      Taken[DestWorld].push_back(std::move(M));
      ++Count;
    }
    void payloadLanded(Request &, const std::vector<std::byte> &, std::size_t) override {}
    void payloadSent(Request &) override {}
    std::size_t runnableRanks() const override { return 0; }
    int Rank = 0;
  } Arrived;
  Arrived.Rank = Rank;
  struct : TransportObserver {
  } Seen;
  ProgressSignal Progress;
  Transport Net{Arrived, Seen, Progress};
  Net.init(Size);
  // World rank 100 + p lives on process p, and so does 1000 + p on even processes: slices
  // of one and of two ranks a process (only the records' ranks matter here).
  BroadcastRoute Route;
  Route.addProcess(0);
  for (int P = 1; P < Size; ++P) {
    Route.addProcess(P);
    Route.addRank(100 + P);
    if (P % 2 == 0)
      Route.addRank(1000 + P);
  }
  // Tag k is the k-th message to each process: 0 direct; 1 direct, then the switch; 2-4 along
  // the tree (4 of two and a half frame pieces); the end; 5 direct.
  auto Bytes = [](int Tag) { return Tag == 4 ? framePieceBytes() * 5 / 2 : 8 * (Tag + 1); };
  auto Fill = [](int Tag, std::size_t I) { return static_cast<std::byte>((Tag * 37 + I) & 0xff); };
  auto Payload = [&](int Tag) {
    std::vector<std::byte> P(Bytes(Tag));
    for (std::size_t I = 0; I < P.size(); ++I)
      P[I] = Fill(Tag, I);
    return P;
  };
  auto Direct = [&](int Tag) {
    for (int P = 1; P < Size; ++P) {
      std::vector<std::byte> Data = Payload(Tag);
      std::memcpy(Net.eager(P, 100 + P, 100, Envelope{0, Tag, 4}, Data.size()), Data.data(),
                  Data.size());
    }
  };
  if (Rank == 0) {
    Direct(0);
    Direct(1);
    Net.broadcast(Route, 100, Envelope{0, 1, 4}, {}, BroadcastWay::ToTree);
    Net.flush(); // the tree's records may overtake what follows in other frames
    for (int Tag = 2; Tag <= 4; ++Tag) {
      std::vector<std::byte> Data = Payload(Tag);
      Net.broadcast(Route, 100, Envelope{0, Tag, 4}, Data, BroadcastWay::Tree);
      Net.flush();
    }
    Net.broadcast(Route, 100, Envelope{0, 0, 4}, {}, BroadcastWay::EndTree);
    Direct(5);
    Net.flush();
  }
  // Direct messages (tags 0, 1, 5) go to rank 100 + p alone; the tree's (2-4) to each rank.
  std::size_t Expected = Rank % 2 == 0 ? 9 : 6;
  auto Done = [&] { return Rank == 0 || Arrived.Count >= Expected; };
  auto End = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  // Everyone polls until all have theirs: a process passes records on only while it polls.
  int AllDone = 0;
  while (!AllDone && std::chrono::steady_clock::now() < End) {
    Net.progress();
    int Mine = Done() && !Net.busy();
    MPI_Allreduce(&Mine, &AllDone, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  }
  ASSERT_TRUE(AllDone) << "process " << Rank << " took " << Arrived.Count;
  if (Rank != 0) {
    ASSERT_EQ(Arrived.Count, Expected);
    ASSERT_EQ(Arrived.Taken[100 + Rank].size(), 6u);
    std::vector<std::pair<int, int>> Seen; // (destination, tag), in the order delivered
    for (int Tag = 0; Tag < 6; ++Tag)
      Seen.emplace_back(100 + Rank, Tag);
    if (Rank % 2 == 0) {
      ASSERT_EQ(Arrived.Taken[1000 + Rank].size(), 3u);
      for (int Tag = 2; Tag <= 4; ++Tag)
        Seen.emplace_back(1000 + Rank, Tag);
    }
    std::map<int, std::size_t> Next;
    for (auto [Dest, Tag] : Seen) {
      const Message &M = *Arrived.Taken[Dest][Next[Dest]++];
      EXPECT_EQ(M.Env.Tag, Tag) << "to " << Dest;
      EXPECT_EQ(M.Env.Source, 0);
      ASSERT_EQ(M.Bytes, static_cast<std::size_t>(Bytes(Tag)));
      for (std::size_t I = 0; I < M.Bytes; ++I)
        ASSERT_EQ(M.data()[I], Fill(Tag, I)) << "tag " << Tag << " byte " << I;
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  Net.shutdown();
}
