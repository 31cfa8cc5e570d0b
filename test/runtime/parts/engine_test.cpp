// engine_test.cpp - matching on its own: MPI's order, wildcards, truncation, probes, and what
// goes to the transport (a fake RemoteSends).
#include "engine.h"
#include "scheduler.h"

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <memory>
#include <vector>

using namespace bamboo::detail;

namespace {
// Records what the engine hands over for other processes.
struct FakeRemote final : RemoteSends {
  struct Sent {
    int DestProcess, DestWorld;
    Envelope Env;
    std::size_t Bytes;
    bool Rendezvous;
  };
  std::vector<Sent> Log;
  std::vector<std::byte> Room;
  std::byte *eager(int DestProcess, int DestWorld, int, const Envelope &Env,
                   std::size_t Bytes) override {
    Log.push_back({DestProcess, DestWorld, Env, Bytes, false});
    Room.assign(Bytes, std::byte{0});
    return Room.data();
  }
  void rendezvous(int DestProcess, int DestWorld, int, const Envelope &Env, Request &,
                  const std::byte *, std::size_t Bytes, bool) override {
    Log.push_back({DestProcess, DestWorld, Env, Bytes, true});
  }
  void rendezvousInParts(int DestProcess, int DestWorld, int, const Envelope &Env, Request &,
                         const std::byte *, std::size_t Bytes) override {
    Log.push_back({DestProcess, DestWorld, Env, Bytes, true});
  }
  // Detection is off here (broadcast_test.cpp tests it).
  void broadcast(const BroadcastRoute &, int, const Envelope &, std::span<const std::byte>,
                 BroadcastWay) override {
    ADD_FAILURE() << "a broadcast without detection";
  }
  std::vector<std::size_t> Ready; // what partsReady was told, in order
  void partsReady(Request &, std::size_t Bytes) override { Ready.push_back(Bytes); }
  void receivePayload(const Message &, Request &, const Layout &) override {}
};

constexpr int Context = 4;
constexpr std::size_t EagerLimit = 64;

// Process 0 of two, two virtual ranks each: world ranks 0 and 1 are local, 2 and 3 remote.
struct Fixture {
  Scheduler Sched{1};
  FakeRemote Remote;
  ProgressSignal Progress;
  Engine Eng{Placement{0, 2}, EagerLimit, Sched, Remote, Progress};
  std::array<RankTask, 2> Ranks;
  std::vector<std::unique_ptr<Request>> Requests;
  Fixture() {
    Ranks[0].WorldRank = 0;
    Ranks[1].WorldRank = 1;
    for (RankTask &R : Ranks)
      R.Thread = std::make_unique<Fiber>(64 * 1024, [] {}); // never run
    Ranks[1].LocalIndex = 1;
  }
  Request &send(int From, int To, int Tag, const int *Data, int Count, SendMode Mode) {
    Request &S = sendRequest(From, To, Data, Count);
    Eng.startSend(S, Envelope{From, Tag, Context}, Mode);
    return S;
  }
  Request &sendInParts(int From, int To, int Tag, const int *Data, int Count) {
    Request &S = sendRequest(From, To, Data, Count);
    Eng.startSendInParts(S, Envelope{From, Tag, Context}, SendMode::Standard);
    return S;
  }
  Request &sendRequest(int From, int To, const int *Data, int Count) {
    auto &S = *Requests.emplace_back(new Request);
    S.Owner = &Ranks[From];
    S.SendBuf = Data;
    S.Count = Count;
    S.Type = MPI_INT;
    S.DestWorld = To;
    return S;
  }
  Request &recv(int At, int Source, int Tag, int *Data, int Count) {
    auto &R = *Requests.emplace_back(new Request);
    R.Owner = &Ranks[At];
    R.Buf = Data;
    R.Count = Count;
    R.Type = MPI_INT;
    R.Source = Source;
    R.Tag = Tag;
    R.Context = Context;
    Eng.startRecv(R);
    return R;
  }
};
} // namespace

TEST(EnginePart, MessagesOfOnePairAreReceivedInTheOrderSent) {
  Fixture F;
  int A = 1, B = 2, X = 0, Y = 0;
  F.send(0, 1, 7, &A, 1, SendMode::Standard);
  F.send(0, 1, 7, &B, 1, SendMode::Standard);
  F.recv(1, 0, 7, &X, 1);
  F.recv(1, 0, 7, &Y, 1);
  EXPECT_EQ(X, 1);
  EXPECT_EQ(Y, 2);
}

TEST(EnginePart, WildcardsTakeTheOldestMatchingMessage) {
  Fixture F;
  int A = 1, B = 2, C = 3, X = 0, Y = 0;
  F.send(0, 1, 5, &A, 1, SendMode::Standard);
  F.send(1, 1, 6, &B, 1, SendMode::Standard); // rank 1 to itself
  F.send(0, 1, 6, &C, 1, SendMode::Standard);
  Request &R1 = F.recv(1, MPI_ANY_SOURCE, 6, &X, 1);
  Request &R2 = F.recv(1, 0, MPI_ANY_TAG, &Y, 1);
  EXPECT_EQ(X, 2);
  EXPECT_EQ(R1.Status.MPI_SOURCE, 1);
  EXPECT_EQ(Y, 1);
  EXPECT_EQ(R2.Status.MPI_TAG, 5);
}

TEST(EnginePart, APostedReceiveIsMatchedByTheFirstSendThatFits) {
  Fixture F;
  int X = 0, A = 9, B = 10;
  Request &R = F.recv(1, 0, 3, &X, 1);
  EXPECT_FALSE(R.Complete);
  F.send(0, 1, 4, &A, 1, SendMode::Standard); // another tag: stays unexpected
  EXPECT_FALSE(R.Complete);
  F.send(0, 1, 3, &B, 1, SendMode::Standard);
  EXPECT_TRUE(R.Complete);
  EXPECT_EQ(X, 10);
  EXPECT_NE(F.Eng.probe(1, 0, 4, Context), nullptr);
}

TEST(EnginePart, AwaitsMessagesWhileAReceiveIsPosted) {
  // What keeps the progress thread polling: a receive a message may still come for.
  Fixture F;
  int X = 0, A = 4;
  EXPECT_FALSE(F.Eng.awaitsMessages());
  F.recv(0, 2, 1, &X, 1); // from a remote rank
  EXPECT_TRUE(F.Eng.awaitsMessages());
  Message M;
  M.Env = Envelope{2, 1, Context};
  M.Bytes = sizeof A;
  M.Owned.resize(sizeof A);
  std::memcpy(M.Owned.data(), &A, sizeof A);
  F.Eng.deliver(0, std::make_unique<Message>(std::move(M)));
  EXPECT_EQ(X, 4);
  EXPECT_FALSE(F.Eng.awaitsMessages());
}

TEST(EnginePart, ALongerMessageTruncatesWithMPIsError) {
  Fixture F;
  int Data[3] = {1, 2, 3}, Into[2] = {0, 0};
  F.send(0, 1, 0, Data, 3, SendMode::Standard);
  Request &R = F.recv(1, 0, 0, Into, 2);
  EXPECT_TRUE(R.Complete);
  EXPECT_EQ(R.Error, MPI_ERR_TRUNCATE);
  int Count = -1;
  MPI_Get_count(&R.Status, MPI_INT, &Count);
  EXPECT_EQ(Count, 2);
  EXPECT_EQ(Into[1], 2);
}

TEST(EnginePart, AProbeSeesAMessageWithoutTakingIt) {
  Fixture F;
  int A = 5, X = 0;
  F.send(0, 1, 2, &A, 1, SendMode::Standard);
  const Message *M = F.Eng.probe(1, MPI_ANY_SOURCE, MPI_ANY_TAG, Context);
  ASSERT_NE(M, nullptr);
  EXPECT_EQ(M->Env.Tag, 2);
  EXPECT_EQ(F.Eng.probe(1, 0, 2, Context + 1), nullptr); // another communicator
  F.recv(1, 0, 2, &X, 1);
  EXPECT_EQ(X, 5);
  EXPECT_EQ(F.Eng.probe(1, 0, 2, Context), nullptr);
}

TEST(EnginePart, ALargeLocalSendWaitsForItsReceive) {
  Fixture F;
  std::vector<int> Big(EagerLimit), Into(EagerLimit); // 4 * EagerLimit bytes
  Big.back() = 42;
  Request &S = F.send(0, 1, 0, Big.data(), static_cast<int>(Big.size()), SendMode::Standard);
  EXPECT_FALSE(S.Complete);
  Request &R = F.recv(1, 0, 0, Into.data(), static_cast<int>(Into.size()));
  EXPECT_TRUE(S.Complete);
  EXPECT_TRUE(R.Complete);
  EXPECT_EQ(Into.back(), 42);
}

TEST(EnginePart, RemoteMessagesGoToTheTransportByTheirSize) {
  Fixture F;
  int Small = 1;
  std::vector<int> Big(EagerLimit);
  Request &S1 = F.send(0, 3, 1, &Small, 1, SendMode::Standard);
  Request &S2 = F.send(1, 2, 2, Big.data(), static_cast<int>(Big.size()), SendMode::Standard);
  Request &S3 = F.send(1, 2, 3, Big.data(), static_cast<int>(Big.size()), SendMode::Buffered);
  ASSERT_EQ(F.Remote.Log.size(), 3u);
  EXPECT_EQ(F.Remote.Log[0].DestProcess, 1);
  EXPECT_EQ(F.Remote.Log[0].DestWorld, 3);
  EXPECT_FALSE(F.Remote.Log[0].Rendezvous);
  EXPECT_TRUE(S1.Complete); // the payload is in the frame
  EXPECT_TRUE(F.Remote.Log[1].Rendezvous);
  EXPECT_EQ(F.Remote.Log[1].Bytes, Big.size() * sizeof(int));
  EXPECT_FALSE(S2.Complete); // until the transport says the payload left
  F.Eng.payloadSent(S2);
  EXPECT_TRUE(S2.Complete);
  EXPECT_FALSE(F.Remote.Log[2].Rendezvous); // a buffered send never waits
  EXPECT_TRUE(S3.Complete);
  EXPECT_EQ(F.Eng.counters().RemoteMessages, 3u);
  EXPECT_EQ(F.Eng.counters().LocalMessages, 0u);
}

TEST(EnginePart, CompletingAWatchedReceiveWakesItsTask) {
  Fixture F;
  RankTask &Waiter = F.Ranks[1];
  F.Sched.setLiveTasks(1);
  F.Sched.admit(Waiter);
  ASSERT_EQ(F.Sched.pop(0), &Waiter);
  int X = 0, A = 3;
  Request &R = F.recv(1, 0, 0, &X, 1);
  WaitGroup G;
  G.Waiter = &Waiter;
  G.watch(R);
  F.Sched.afterRun(Waiter); // suspends, blocked
  EXPECT_EQ(F.Sched.blockedCount(), 1);
  F.send(0, 1, 0, &A, 1, SendMode::Standard);
  EXPECT_TRUE(G.satisfied());
  EXPECT_EQ(F.Sched.pop(0), &Waiter);
}

TEST(EnginePart, ARemoteSendInPartsIsAnnouncedAtOnceAndToldWhatIsReady) {
  Fixture F;
  std::vector<int> Big(EagerLimit); // above the eager limit
  std::size_t Bytes = Big.size() * sizeof(int);
  Request &S = F.sendInParts(0, 2, 1, Big.data(), static_cast<int>(Big.size()));
  ASSERT_EQ(F.Remote.Log.size(), 1u); // announced at the start
  EXPECT_TRUE(F.Remote.Log[0].Rendezvous);
  EXPECT_EQ(F.Remote.Log[0].Bytes, Bytes);
  EXPECT_EQ(F.Eng.partEnd(S, 0), std::min(Bytes, partBytes(Bytes)));
  EXPECT_EQ(F.Eng.partEnd(S, Bytes), SIZE_MAX); // past the message
  F.Eng.sendReady(S, 100);
  F.Eng.sendReady(S, SIZE_MAX);
  F.Eng.sendReady(S, SIZE_MAX); // once all is ready, nothing more happens
  EXPECT_EQ(F.Remote.Ready, (std::vector<std::size_t>{100, SIZE_MAX}));
  EXPECT_EQ(F.Eng.partEnd(S, 0), SIZE_MAX);
  EXPECT_FALSE(S.Complete); // until the transport has sent the parts
}

TEST(EnginePart, ASmallOrLocalSendInPartsStartsWholeWhenAllIsReady) {
  Fixture F;
  int Small[2] = {1, 2};
  std::vector<int> Big(EagerLimit), Into(EagerLimit);
  Request &Local = F.sendInParts(0, 1, 3, Big.data(), static_cast<int>(Big.size()));
  Request &Remote = F.sendInParts(0, 2, 4, Small, 2);
  EXPECT_TRUE(F.Remote.Log.empty());            // neither is announced
  EXPECT_EQ(F.Eng.partEnd(Local, 0), SIZE_MAX); // each leaves whole
  Request &R = F.recv(1, 0, 3, Into.data(), static_cast<int>(Into.size()));
  Big.back() = 42; // written after the start
  F.Eng.sendReady(Local, 8);
  EXPECT_FALSE(R.Complete);
  F.Eng.sendReady(Local, SIZE_MAX);
  EXPECT_TRUE(R.Complete);
  EXPECT_TRUE(Local.Complete);
  EXPECT_EQ(Into.back(), 42);
  Small[1] = 7;
  F.Eng.sendReady(Remote, SIZE_MAX);
  ASSERT_EQ(F.Remote.Log.size(), 1u);
  EXPECT_FALSE(F.Remote.Log[0].Rendezvous); // eager, with the data of now
  EXPECT_EQ(std::memcmp(F.Remote.Room.data(), Small, sizeof Small), 0);
  EXPECT_TRUE(Remote.Complete);
  EXPECT_TRUE(F.Remote.Ready.empty());
}
