// transport_test.cpp - frames and payloads on their own: the transport of a one-process job
// sends to itself and hands what arrives to a fake Arrivals.
#include "transport.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <numeric>
#include <vector>

using namespace bamboo::detail;

namespace {
struct FakeArrivals final : Arrivals {
  std::vector<std::pair<int, std::unique_ptr<Message>>> Delivered;
  std::vector<Request *> Landed, Sent;
  bool DeliveryWakes = false; // each message delivered makes a rank runnable
  std::size_t Runnable = 0;
  void deliver(int DestWorld, std::unique_ptr<Message> M) override {
    Delivered.emplace_back(DestWorld, std::move(M));
    Runnable += DeliveryWakes;
  }
  void payloadLanded(Request &R, const std::vector<std::byte> &Temp, std::size_t) override {
    EXPECT_TRUE(Temp.empty()); // contiguous: straight into the buffer
    Landed.push_back(&R);
  }
  void payloadSent(Request &S) override { Sent.push_back(&S); }
  std::size_t runnableRanks() const override { return Runnable; }
};

struct CountingObserver final : TransportObserver {
  int FramesSent = 0, FramesReceived = 0;
  std::uint32_t RecordsReceived = 0;
  void frameSent(int, std::uint64_t, std::uint32_t) override { ++FramesSent; }
  void frameReceived(int, std::uint64_t, std::uint32_t Records) override {
    ++FramesReceived;
    RecordsReceived += Records;
  }
};

// Calls progress until Done() or a second has passed.
template <class Fn> bool progressUntil(Transport &Net, Fn &&Done) {
  auto End = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  while (!Done() && std::chrono::steady_clock::now() < End)
    Net.progress();
  return Done();
}

struct Fixture {
  FakeArrivals Arrived;
  CountingObserver Seen;
  ProgressSignal Progress;
  Transport Net{Arrived, Seen, Progress};
  bool Skip = false;
  Fixture() {
    int Size = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &Size);
    Skip = Size != 1; // a transport of one process, which sends to itself
    if (!Skip)
      Net.init(1);
  }
  ~Fixture() {
    if (!Skip)
      Net.shutdown();
  }
};

// A transport on every process of a job of three processes or more, for the tests across
// processes; at its end nobody cancels its receives while others still send.
struct JobFixture {
  int Rank = 0, Size = 1;
  FakeArrivals Arrived;
  CountingObserver Seen;
  ProgressSignal Progress;
  Transport Net{Arrived, Seen, Progress};
  JobFixture() {
    MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
    MPI_Comm_size(MPI_COMM_WORLD, &Size);
    if (!tooSmall())
      Net.init(Size);
  }
  bool tooSmall() const { return Size < 3; }
  ~JobFixture() {
    if (tooSmall())
      return;
    MPI_Barrier(MPI_COMM_WORLD);
    EXPECT_FALSE(Net.busy());
    Net.shutdown();
  }
};
} // namespace

TEST(TransportPart, EagerMessagesOfOneStepTravelAsOneFrameAndArriveInOrder) {
  Fixture F;
  if (F.Skip)
    GTEST_SKIP() << "one process";
  // Three payloads of 5/8 of a piece each: a frame of three pieces, put back together.
  const std::size_t Bytes = framePieceBytes() * 5 / 8;
  for (int I = 0; I < 3; ++I) {
    std::byte *Room = F.Net.eager(0, 7, I, Envelope{I, 10 + I, 3}, Bytes);
    std::memset(Room, 'a' + I, Bytes);
  }
  EXPECT_TRUE(F.Net.busy()); // a frame not yet sent
  ASSERT_TRUE(progressUntil(F.Net, [&] { return F.Arrived.Delivered.size() == 3; }));
  EXPECT_EQ(F.Seen.FramesSent, 1);
  EXPECT_EQ(F.Seen.FramesReceived, 1);
  EXPECT_EQ(F.Seen.RecordsReceived, 3u);
  for (int I = 0; I < 3; ++I) {
    auto &[DestWorld, M] = F.Arrived.Delivered[I];
    EXPECT_EQ(DestWorld, 7);
    EXPECT_EQ(M->K, Message::Kind::Eager);
    EXPECT_EQ(M->Env.Source, I);
    EXPECT_EQ(M->Env.Tag, 10 + I);
    EXPECT_EQ(M->Env.Context, 3);
    ASSERT_EQ(M->Bytes, Bytes);
    EXPECT_EQ(M->data()[0], std::byte('a' + I));
    EXPECT_EQ(M->data()[Bytes - 1], std::byte('a' + I));
  }
  EXPECT_EQ(F.Net.counters().FramesSent, F.Net.counters().FramesReceived);
}

// Two frames that have landed: one look takes both unless the first made a rank runnable.
static void sendTwoFramesAndLook(Fixture &F) {
  for (int I = 0; I < 2; ++I) {
    *F.Net.eager(0, 7, 0, Envelope{0, I, 3}, 1) = std::byte(I);
    ASSERT_TRUE(F.Net.flush());
  }
  // Both are with MPI before the look that finds the first (this process sends to itself).
  MPI_Barrier(MPI_COMM_WORLD);
  ASSERT_TRUE(progressUntil(F.Net, [&] { return !F.Arrived.Delivered.empty(); }));
}

TEST(TransportPart, ALookTakesEveryFrameThatLandedWhileNoRankCanRun) {
  Fixture F;
  if (F.Skip)
    GTEST_SKIP() << "one process";
  sendTwoFramesAndLook(F);
  EXPECT_EQ(F.Arrived.Delivered.size(), 2u);
}

TEST(TransportPart, ALookStopsAtTheFrameThatMadeARankRunnable) {
  Fixture F;
  if (F.Skip)
    GTEST_SKIP() << "one process";
  F.Arrived.DeliveryWakes = true;
  sendTwoFramesAndLook(F);
  ASSERT_EQ(F.Arrived.Delivered.size(), 1u); // the rank answers before MPI is asked again
  EXPECT_EQ(F.Arrived.Delivered[0].second->Env.Tag, 0);
  ASSERT_TRUE(progressUntil(F.Net, [&] { return F.Arrived.Delivered.size() == 2; }));
  EXPECT_EQ(F.Arrived.Delivered[1].second->Env.Tag, 1); // the next look, in order
}

// A frame in one piece is either copied out of its receive's buffer (small) or takes the
// buffer with it: either way what was delivered stays intact while later pieces land in the
// same slots, all of them reused more than twice.
TEST(TransportPart, FramesInOnePieceStayIntactWhileTheirSlotsAreReused) {
  Fixture F;
  if (F.Skip)
    GTEST_SKIP() << "one process";
  const std::size_t Largest = framePieceBytes() - 64; // header and record: still one piece
  const std::size_t Sizes[] = {1, 16, 900, 2000, Largest};
  const int Frames = 40;
  for (int I = 0; I < Frames; ++I) {
    std::size_t Bytes = Sizes[I % 5];
    std::memset(F.Net.eager(0, 7, 0, Envelope{0, I, 3}, Bytes), I, Bytes);
    ASSERT_TRUE(F.Net.flush()); // a frame each
    ASSERT_TRUE(progressUntil(F.Net, [&] { return F.Arrived.Delivered.size() == I + 1u; }));
  }
  EXPECT_EQ(F.Seen.FramesReceived, Frames);
  for (int I = 0; I < Frames; ++I) {
    const Message &M = *F.Arrived.Delivered[I].second;
    ASSERT_EQ(M.Bytes, Sizes[I % 5]);
    std::vector<std::byte> Expected(M.Bytes, std::byte(I));
    EXPECT_EQ(std::memcmp(M.data(), Expected.data(), M.Bytes), 0) << "frame " << I;
  }
}

TEST(TransportPart, ALargePayloadIsAnnouncedAndMovesOnceReceived) {
  Fixture F;
  if (F.Skip)
    GTEST_SKIP() << "one process";
  std::vector<int> Out(100000), In(100000, -1);
  std::iota(Out.begin(), Out.end(), 0);
  Request S, R;
  R.Buf = In.data();
  R.Count = static_cast<int>(In.size());
  R.Type = MPI_INT;
  F.Net.rendezvous(0, 2, 0, Envelope{0, 5, 3}, S, reinterpret_cast<const std::byte *>(Out.data()),
                   Out.size() * sizeof(int), false);
  ASSERT_TRUE(progressUntil(F.Net, [&] { return F.Arrived.Delivered.size() == 1; }));
  const Message &Announced = *F.Arrived.Delivered[0].second;
  EXPECT_EQ(Announced.K, Message::Kind::RemoteRendezvous);
  EXPECT_EQ(Announced.Bytes, Out.size() * sizeof(int));
  EXPECT_TRUE(F.Arrived.Landed.empty()); // nothing moves before the receive matches
  F.Net.receivePayload(Announced, R, layoutOf(R.Count, R.Type));
  ASSERT_TRUE(progressUntil(
      F.Net, [&] { return F.Arrived.Landed.size() == 1 && F.Arrived.Sent.size() == 1; }));
  EXPECT_EQ(F.Arrived.Landed[0], &R);
  EXPECT_EQ(F.Arrived.Sent[0], &S);
  EXPECT_EQ(In, Out);
  EXPECT_FALSE(F.Net.inFlight());
}

TEST(TransportPart, APayloadInPartsLeavesPartByPartAsItIsReady) {
  Fixture F;
  if (F.Skip)
    GTEST_SKIP() << "one process";
  std::vector<int> Out(100000, -2), In(100000, -1);
  std::size_t Bytes = Out.size() * sizeof(int), Part = partBytes(Bytes);
  ASSERT_LT(Part * 3, Bytes); // several parts
  Request S, R;
  R.Buf = In.data();
  R.Count = static_cast<int>(In.size());
  R.Type = MPI_INT;
  F.Net.rendezvousInParts(0, 2, 0, Envelope{0, 5, 3}, S,
                          reinterpret_cast<const std::byte *>(Out.data()), Bytes);
  ASSERT_TRUE(progressUntil(F.Net, [&] { return F.Arrived.Delivered.size() == 1; }));
  const Message &Announced = *F.Arrived.Delivered[0].second;
  EXPECT_TRUE(Announced.InParts);
  EXPECT_EQ(Announced.Bytes, Bytes);
  F.Net.receivePayload(Announced, R, layoutOf(R.Count, R.Type));
  // The first two parts are written and ready; the rest is written later.
  std::size_t Written = (2 * Part) / sizeof(int);
  std::iota(Out.begin(), Out.begin() + static_cast<long>(Written), 0);
  F.Net.partsReady(S, 2 * Part + 4); // the third part is not whole yet
  ASSERT_TRUE(progressUntil(F.Net, [&] { return In[Written - 1] == Out[Written - 1]; }));
  EXPECT_EQ(In[Written], -1); // nothing of the third part
  EXPECT_TRUE(F.Arrived.Landed.empty());
  EXPECT_TRUE(F.Arrived.Sent.empty());
  std::iota(Out.begin() + static_cast<long>(Written), Out.end(), static_cast<int>(Written));
  F.Net.partsReady(S, SIZE_MAX);
  ASSERT_TRUE(progressUntil(
      F.Net, [&] { return F.Arrived.Landed.size() == 1 && F.Arrived.Sent.size() == 1; }));
  EXPECT_EQ(In, Out);
  EXPECT_EQ(F.Net.counters().PayloadsSent, 1u);
  EXPECT_EQ(F.Net.counters().PayloadsCompletedSent, 1u);
  EXPECT_EQ(F.Net.counters().PayloadsCompletedReceived, 1u);
  EXPECT_FALSE(F.Net.inFlight());
}

// Between processes (run with 3 and 4): the pieces of frames from several senders arrive
// interleaved in the receives posted ahead, more of them than there are receives, and every
// frame comes back whole and in order.
TEST(TransportPartAcrossProcesses, InterleavedPiecesFromSeveralSendersMakeWholeFrames) {
  JobFixture Job;
  if (Job.tooSmall())
    GTEST_SKIP() << "three processes or more";
  // Two rounds with different peers and sizes, as regions whose pattern changes: first every
  // process sends every other 3 records of 5 pieces' bytes (16 pieces a frame, 32 or more
  // arrive at each process against 16 receives posted); then only to the next process, 1 record
  // of 100 bytes.
  auto Fill = [](int From, int Round, int Record) {
    return static_cast<std::byte>((From * 31 + Round * 7 + Record * 3) & 0xff);
  };
  std::size_t Expected = 0;
  for (int Round = 0; Round < 2; ++Round) {
    std::size_t Bytes = Round == 0 ? 5 * framePieceBytes() : 100;
    int Records = Round == 0 ? 3 : 1;
    for (int To = 0; To < Job.Size; ++To) {
      if (To == Job.Rank || (Round == 1 && To != (Job.Rank + 1) % Job.Size))
        continue;
      for (int Record = 0; Record < Records; ++Record) {
        std::byte *Room =
            Job.Net.eager(To, To, Job.Rank, Envelope{Job.Rank, Round * 10 + Record, 0}, Bytes);
        std::memset(Room, static_cast<int>(Fill(Job.Rank, Round, Record)), Bytes);
      }
    }
    Job.Net.flush();
    Expected += Round == 0 ? static_cast<std::size_t>(Records * (Job.Size - 1)) : 1;
    // A faster process's next round may already be here.
    ASSERT_TRUE(progressUntil(Job.Net, [&] { return Job.Arrived.Delivered.size() >= Expected; }))
        << "round " << Round << ": " << Job.Arrived.Delivered.size() << " of " << Expected;
  }
  EXPECT_EQ(Job.Arrived.Delivered.size(), Expected);
  // Per sender, the records in the order sent; each whole.
  std::vector<int> Next(Job.Size, 0);
  for (auto &[DestWorld, M] : Job.Arrived.Delivered) {
    EXPECT_EQ(DestWorld, Job.Rank);
    int From = M->Env.Source, Round = M->Env.Tag / 10, Record = M->Env.Tag % 10;
    int Order = Round * 3 + Record;
    EXPECT_GT(Order, Next[From] - 1) << "from " << From;
    Next[From] = Order + 1;
    std::size_t Bytes = Round == 0 ? 5 * framePieceBytes() : 100;
    ASSERT_EQ(M->Bytes, Bytes);
    for (std::size_t I = 0; I < Bytes; I += 997)
      ASSERT_EQ(M->data()[I], Fill(From, Round, Record)) << "from " << From << " byte " << I;
    EXPECT_EQ(M->data()[Bytes - 1], Fill(From, Round, Record));
  }
}

// Between processes: more one-piece frames wait than receives are posted, and one look takes
// them all. Each taken receive is posted again only at the next look (transport.h), so a look
// that goes all the way round the ring posts them again before it takes on; the frames still
// come whole and in each sender's order.
TEST(TransportPartAcrossProcesses, MoreFramesWaitingThanReceivesPostedAreTakenInOrder) {
  JobFixture Job;
  if (Job.tooSmall())
    GTEST_SKIP() << "three processes or more";
  constexpr int Frames = 40; // from each other process: 80 or more against 16 receives
  if (Job.Rank != 0)
    for (int F = 0; F < Frames; ++F) {
      int Value = Job.Rank * 1000 + F;
      std::byte *Room = Job.Net.eager(0, 0, Job.Rank, Envelope{Job.Rank, F, 0}, sizeof Value);
      std::memcpy(Room, &Value, sizeof Value);
      Job.Net.flush(); // one frame each
    }
  // The barrier drives MPI on process 0, which lands what has come in its receives and
  // queues the rest: the first look below finds far more than 16 pieces waiting.
  MPI_Barrier(MPI_COMM_WORLD);
  std::size_t Expected = Job.Rank == 0 ? static_cast<std::size_t>(Frames * (Job.Size - 1)) : 0;
  ASSERT_TRUE(progressUntil(Job.Net, [&] { return Job.Arrived.Delivered.size() >= Expected; }))
      << Job.Arrived.Delivered.size() << " of " << Expected;
  std::vector<int> Next(Job.Size, 0);
  for (auto &[DestWorld, M] : Job.Arrived.Delivered) {
    int From = M->Env.Source, Value = 0;
    ASSERT_EQ(M->Bytes, sizeof Value);
    std::memcpy(&Value, M->data(), sizeof Value);
    EXPECT_EQ(M->Env.Tag, Next[From]) << "from " << From;
    EXPECT_EQ(Value, From * 1000 + M->Env.Tag);
    Next[From] = M->Env.Tag + 1;
  }
  EXPECT_EQ(Job.Arrived.Delivered.size(), Expected);
}
