// engine.cpp - matching receives and messages, moving data, completing requests.
#include "engine.h"

#include "communicator.h"
#include "completion.h"
#include "rank_task.h"
#include "scheduler.h"

#include <algorithm>
#include <cstring>

namespace bamboo::detail {

Mailbox &Engine::mailboxOf(int WorldRank) { return Mailboxes[Place.localIndexOf(WorldRank)]; }

void Engine::setStatus(Request &R, const Envelope &Env, std::size_t Received, bool Truncated) {
  R.Error = Truncated ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
  R.Status.MPI_SOURCE = Env.Source;
  R.Status.MPI_TAG = Env.Tag;
  R.Status.MPI_ERROR = R.Error;
  MPI_Status_set_elements_x(&R.Status, MPI_BYTE, static_cast<MPI_Count>(Received));
}

void Engine::complete(Request &R) { detail::complete(R, Sched); }

void Engine::startRecv(Request &R) {
  R.Kind = RequestKind::Recv;
  if (R.Source == MPI_PROC_NULL) {
    setStatus(R, Envelope{MPI_PROC_NULL, MPI_ANY_TAG, R.Context}, 0, false);
    complete(R);
    return;
  }
  Mailbox &Box = mailboxOf(R.Owner->WorldRank);
  auto M = Box.Unexpected.take(
      R.Source, [&](const auto &M) { return matches(R.Source, R.Tag, R.Context, M->Env); });
  if (!M) {
    Box.Posted.push(R.Source, &R);
    Progress.demand();
    return;
  }
  transfer(**M, R);
}

void Engine::startSend(Request &S, const Envelope &Env, SendMode Mode) {
  S.Kind = RequestKind::Send;
  if (S.DestWorld == MPI_PROC_NULL) {
    complete(S);
    return;
  }
  Layout SL = layoutOf(S.Count, S.Type);
  if (!Place.isLocal(S.DestWorld)) {
    ++Counters.RemoteMessages;
    Counters.RemoteBytes += SL.Bytes;
    sendRemote(S, Env, Mode, SL);
    return;
  }
  ++Counters.LocalMessages;
  Counters.LocalBytes += SL.Bytes;

  Mailbox &Box = mailboxOf(S.DestWorld);
  std::optional<Request *> Posted = Box.Posted.take(
      Env.Source, [&](Request *R) { return matches(R->Source, R->Tag, R->Context, Env); });
  auto M = std::make_unique<Message>();
  M->Env = Env;
  M->Bytes = SL.Bytes;
  bool Waits =
      Mode == SendMode::Synchronous || (Mode == SendMode::Standard && SL.Bytes > EagerLimit);
  if (Posted) {
    // The receive is there: copy straight from the sender's buffer.
    Request &R = **Posted;
    M->K = Message::Kind::LocalRendezvous;
    M->Sender = &S;
    transfer(*M, R);
    return;
  }
  if (Waits) {
    M->K = Message::Kind::LocalRendezvous;
    M->Sender = &S;
    enqueueUnexpected(Box, std::move(M));
    return;
  }
  M->K = Message::Kind::Eager;
  M->Owned.resize(SL.Bytes);
  pack(S.SendBuf, S.Count, S.Type, SL, M->Owned.data());
  enqueueUnexpected(Box, std::move(M));
  complete(S);
}

void Engine::startSendInParts(Request &S, const Envelope &Env, SendMode Mode) {
  S.Kind = RequestKind::Send;
  Layout SL = layoutOf(S.Count, S.Type);
  InParts &P = SendsInParts[&S];
  P.Env = Env;
  P.Mode = Mode;
  P.Bytes = SL.Bytes;
  // Parts pay only where the data would wait for the network anyway: a rendezvous message to
  // another process. The buffer's bytes are the message's when it is contiguous from its start.
  P.Announced = S.DestWorld != MPI_PROC_NULL && !Place.isLocal(S.DestWorld) &&
                Mode == SendMode::Standard && SL.Bytes > EagerLimit && SL.Contiguous &&
                SL.Offset == 0;
  if (!P.Announced)
    return;
  ++Counters.RemoteMessages;
  Counters.RemoteBytes += SL.Bytes;
  beforeDirectSend(S.Owner->WorldRank, Env.Context, /*InBatch=*/false);
  Remote.rendezvousInParts(Place.processOf(S.DestWorld), S.DestWorld, S.Owner->WorldRank, Env, S,
                           dataStart(S.SendBuf, 0), SL.Bytes);
}

void Engine::sendReady(Request &S, std::size_t Bytes) {
  auto It = SendsInParts.find(&S);
  if (It == SendsInParts.end())
    return; // all of it was ready before
  InParts P = It->second;
  bool All = Bytes >= P.Bytes;
  if (All)
    SendsInParts.erase(It);
  if (P.Announced)
    Remote.partsReady(S, Bytes);
  else if (All)
    startSend(S, P.Env, P.Mode);
}

std::size_t Engine::partEnd(const Request &S, std::size_t Offset) const {
  auto It = SendsInParts.find(&S);
  if (It == SendsInParts.end() || !It->second.Announced)
    return SIZE_MAX;
  std::size_t Part = partBytes(It->second.Bytes);
  if (Offset >= It->second.Bytes)
    return SIZE_MAX;
  return std::min(It->second.Bytes, (Offset / Part + 1) * Part);
}

void Engine::sendRemote(Request &S, const Envelope &Env, SendMode Mode, const Layout &SL) {
  int DestProcess = Place.processOf(S.DestWorld);
  int SourceWorld = S.Owner->WorldRank;
  bool Eager = Mode == SendMode::Buffered || (Mode == SendMode::Standard && SL.Bytes <= EagerLimit);
  bool InBatch = Eager && batched(S, Env);
  if (InBatch) {
    SendShape Shape{S.DestWorld, Env, S.SendBuf, S.Count, S.Type, SL.Bytes, S.Comm, {}};
    auto It = Broadcasters.find({SourceWorld, Env.Context});
    if (It != Broadcasters.end() && It->second.Tree) {
      // A root broadcasting along a tree: held until its region completes, when it is either
      // the broadcast again or leaves as written. The bytes of the first send are kept; a later
      // one from the same buffer with the same bytes keeps nothing (one comparison, no copy).
      std::vector<SendShape> &Held = batchOf(SourceWorld).Held;
      auto First = std::find_if(Held.begin(), Held.end(),
                                [&](const SendShape &H) { return H.Env.Context == Env.Context; });
      Shape.SameAsFirst =
          First != Held.end() && SL.Contiguous && First->Buf == S.SendBuf &&
          First->Count == S.Count && First->Type == S.Type &&
          std::memcmp(dataStart(S.SendBuf, SL.Offset), First->Held.data(), SL.Bytes) == 0;
      if (!Shape.SameAsFirst) {
        Shape.Held.resize(SL.Bytes);
        pack(S.SendBuf, S.Count, S.Type, SL, Shape.Held.data());
      }
      Held.push_back(std::move(Shape));
      complete(S);
      return;
    }
    batchOf(SourceWorld).Shapes.push_back(std::move(Shape));
  }
  beforeDirectSend(SourceWorld, Env.Context, InBatch);
  if (Eager) {
    std::byte *Payload = Remote.eager(DestProcess, S.DestWorld, SourceWorld, Env, SL.Bytes);
    pack(S.SendBuf, S.Count, S.Type, SL, Payload);
    complete(S);
    return;
  }
  // Rendezvous: the payload leaves from the user's buffer when it is contiguous.
  const std::byte *Data = dataStart(S.SendBuf, SL.Offset);
  if (!SL.Contiguous) {
    S.Copy.resize(SL.Bytes);
    pack(S.SendBuf, S.Count, S.Type, SL, S.Copy.data());
    Data = S.Copy.data();
  }
  Remote.rendezvous(DestProcess, S.DestWorld, SourceWorld, Env, S, Data, SL.Bytes,
                    Mode == SendMode::Synchronous);
}

bool Engine::batched(const Request &S, const Envelope &Env) const {
  // The rank's own sends on the communicator's point-to-point context, while a region is
  // open: not a nonblocking collective's (its child's), not MPI_COMM_SELF's.
  return DetectBroadcasts && Batches[Place.localIndexOf(S.Owner->WorldRank)].Depth > 0 &&
         !S.Owner->RunningChild && S.Comm && !S.Comm->IsSelf && Env.Context == S.Comm->Context;
}

void Engine::beforeDirectSend(int SourceWorld, int Context, bool InBatch) {
  if (Broadcasters.empty())
    return;
  auto It = Broadcasters.find({SourceWorld, Context});
  if (It == Broadcasters.end())
    return;
  if (It->second.Tree)
    sendHeld(SourceWorld, Context); // what it holds was sent first; then the tree ends
  else if (!InBatch)
    Broadcasters.erase(It); // something else between two broadcasts: they do not repeat
}

void Engine::endTree(int SourceWorld, int Context) {
  auto It = Broadcasters.find({SourceWorld, Context});
  Remote.broadcast(It->second.Route, SourceWorld, Envelope{0, 0, Context}, {},
                   BroadcastWay::EndTree);
  Broadcasters.erase(It);
}

void Engine::openBatch(int WorldRank) {
  if (DetectBroadcasts)
    ++batchOf(WorldRank).Depth;
}

void Engine::releaseBatch(int WorldRank) {
  if (!DetectBroadcasts)
    return;
  Batch &B = batchOf(WorldRank);
  // What left before the rank waits is no broadcast of one region entry.
  for (const SendShape &S : B.Shapes)
    if (auto It = Broadcasters.find({WorldRank, S.Env.Context});
        It != Broadcasters.end() && !It->second.Tree)
      Broadcasters.erase(It);
  B.Shapes.clear();
  while (!B.Held.empty())
    sendHeld(WorldRank, B.Held.front().Env.Context);
}

void Engine::closeBatch(int WorldRank) {
  if (!DetectBroadcasts)
    return;
  Batch &B = batchOf(WorldRank);
  if (--B.Depth > 0)
    return;
  while (!B.Held.empty())
    closeHeld(WorldRank, B.Held.front().Env.Context);
  if (!B.Shapes.empty())
    closeShapes(WorldRank, B.Shapes);
  B.Shapes.clear();
}

std::optional<BroadcastRoute>
Engine::broadcastRoute(int SourceWorld, const std::vector<const SendShape *> &Sends) const {
  if (Sends.size() < 2)
    return std::nullopt;
  const SendShape &First = *Sends.front();
  const Communicator &Comm = *First.Comm;
  std::vector<int> Dests;
  for (const SendShape *S : Sends) {
    if (S->Comm != &Comm || S->Env.Tag != First.Env.Tag || S->Bytes != First.Bytes)
      return std::nullopt;
    Dests.push_back(S->DestWorld);
  }
  std::sort(Dests.begin(), Dests.end());
  if (std::adjacent_find(Dests.begin(), Dests.end()) != Dests.end())
    return std::nullopt; // a rank twice
  // Every member on another process, each once: as many as there are, all members.
  std::size_t Remote = 0;
  for (int Rank = 0; Rank < Comm.Size; ++Rank) {
    int World = Comm.IsWorld ? Rank : Comm.Members[Rank];
    Remote += !Place.isLocal(World) && World != SourceWorld;
  }
  if (Dests.size() != Remote ||
      !std::all_of(Dests.begin(), Dests.end(), [&](int W) { return Comm.rankOf(W) >= 0; }))
    return std::nullopt;
  // The root's process first, then the others in ascending order (Dests is sorted, and a
  // process's ranks are consecutive).
  BroadcastRoute Route;
  Route.addProcess(Place.Process);
  for (int W : Dests) {
    int P = Place.processOf(W);
    if (Route.Processes.back() != P)
      Route.addProcess(P);
    Route.addRank(W);
  }
  if (Route.Processes.size() < 3)
    return std::nullopt; // one other process: nothing to gain
  return Route;
}

bool Engine::repeats(const Broadcaster &B, const std::vector<const SendShape *> &Sends) const {
  std::vector<int> Dests;
  for (const SendShape *S : Sends) {
    if (S->Comm != Sends.front()->Comm || S->Env.Tag != B.Tag || S->Bytes != B.Bytes)
      return false;
    Dests.push_back(S->DestWorld);
  }
  // The route's ranks are in ascending order (broadcastRoute): the same ranks, each once.
  std::sort(Dests.begin(), Dests.end());
  return Dests == B.Route.Ranks;
}

void Engine::closeShapes(int SourceWorld, const std::vector<SendShape> &Shapes) {
  std::vector<int> Contexts; // nearly always one
  for (const SendShape &S : Shapes)
    if (std::find(Contexts.begin(), Contexts.end(), S.Env.Context) == Contexts.end())
      Contexts.push_back(S.Env.Context);
  std::vector<const SendShape *> Sends;
  for (int Context : Contexts) {
    Sends.clear();
    for (const SendShape &S : Shapes)
      if (S.Env.Context == Context)
        Sends.push_back(&S);
    auto Key = std::make_pair(SourceWorld, Context);
    const SendShape &First = *Sends.front();
    // The same buffer each time is a candidate; whether its bytes are the same is checked when
    // they are held, before anything travels along the tree.
    bool OneBuffer = std::all_of(Sends.begin(), Sends.end(), [&](const SendShape *S) {
      return S->Buf == First.Buf && S->Count == First.Count && S->Type == First.Type;
    });
    auto It = Broadcasters.find(Key);
    if (OneBuffer && It != Broadcasters.end() && repeats(It->second, Sends)) {
      // The second time in a row: from here on, along the tree. Every process learns it
      // directly, after this broadcast's records.
      Remote.broadcast(It->second.Route, SourceWorld, First.Env, {}, BroadcastWay::ToTree);
      It->second.Tree = true;
      continue;
    }
    std::optional<BroadcastRoute> Route;
    if (OneBuffer)
      Route = broadcastRoute(SourceWorld, Sends);
    if (Route)
      Broadcasters[Key] = Broadcaster{std::move(*Route), First.Env.Tag, First.Bytes, false};
    else
      Broadcasters.erase(Key);
  }
}

void Engine::closeHeld(int SourceWorld, int Context) {
  std::vector<SendShape> &Held = batchOf(SourceWorld).Held;
  std::vector<const SendShape *> Sends;
  for (const SendShape &S : Held)
    if (S.Env.Context == Context)
      Sends.push_back(&S);
  const SendShape &First = *Sends.front();
  const Broadcaster &B = Broadcasters.at({SourceWorld, Context});
  bool Again =
      repeats(B, Sends) && std::all_of(Sends.begin(), Sends.end(), [&](const SendShape *S) {
        return S->SameAsFirst || S->Held == First.Held;
      });
  if (!Again) {
    sendHeld(SourceWorld, Context);
    return;
  }
  Remote.broadcast(B.Route, SourceWorld, First.Env, First.Held.bytes(), BroadcastWay::Tree);
  ++Counters.TreeBroadcasts;
  std::erase_if(Held, [&](const SendShape &S) { return S.Env.Context == Context; });
}

void Engine::sendHeld(int SourceWorld, int Context) {
  // Not the broadcast again, or the rank goes on otherwise: the tree ends, and the sends leave
  // as written, in order.
  endTree(SourceWorld, Context);
  std::vector<SendShape> &Held = batchOf(SourceWorld).Held;
  const SendShape *First = nullptr;
  for (SendShape &S : Held) {
    if (S.Env.Context != Context)
      continue;
    if (!First)
      First = &S;
    const ByteBuffer &Bytes = S.SameAsFirst ? First->Held : S.Held;
    std::byte *Payload =
        Remote.eager(Place.processOf(S.DestWorld), S.DestWorld, SourceWorld, S.Env, Bytes.size());
    std::ranges::copy(Bytes.bytes(), Payload);
  }
  std::erase_if(Held, [&](const SendShape &S) { return S.Env.Context == Context; });
}

std::size_t Engine::runnableRanks() const { return Sched.readyCount(); }

void Engine::deliver(int DestWorld, std::unique_ptr<Message> M) {
  Mailbox &Box = mailboxOf(DestWorld);
  std::optional<Request *> Posted = Box.Posted.take(
      M->Env.Source, [&](Request *R) { return matches(R->Source, R->Tag, R->Context, M->Env); });
  if (!Posted) {
    enqueueUnexpected(Box, std::move(M));
    return;
  }
  transfer(*M, **Posted);
}

void Engine::enqueueUnexpected(Mailbox &Box, std::unique_ptr<Message> M) {
  const Envelope Env = M->Env;
  Box.Unexpected.push(Env.Source, std::move(M));
  for (ProbeWait *P : Box.Probes) {
    if (P->Group.Pending > 0 && matches(P->Source, P->Tag, P->Context, Env))
      P->Group.signal(Sched); // a probe waits for one message
  }
}

void Engine::removeProbe(int LocalIndex, ProbeWait &P) {
  auto &Probes = Mailboxes[LocalIndex].Probes;
  Probes.erase(std::remove(Probes.begin(), Probes.end(), &P), Probes.end());
}

const Message *Engine::probe(int LocalIndex, int Source, int Tag, int Context) const {
  const auto *M = Mailboxes[LocalIndex].Unexpected.peek(
      Source, [&](const auto &M) { return matches(Source, Tag, Context, M->Env); });
  return M ? M->get() : nullptr;
}

std::unique_ptr<Message> Engine::takeUnexpected(int LocalIndex, int Source, int Tag, int Context) {
  auto M = Mailboxes[LocalIndex].Unexpected.take(
      Source, [&](const auto &M) { return matches(Source, Tag, Context, M->Env); });
  return M ? std::move(*M) : nullptr;
}

void Engine::receiveMatched(Message &M, Request &R) {
  R.Kind = RequestKind::Recv;
  transfer(M, R);
}

void Engine::cancelRecv(Request &R) {
  if (!mailboxOf(R.Owner->WorldRank).Posted.remove(R.Source, &R))
    return; // matched already: the receive completes as it would have
  setStatus(R, Envelope{R.Source, R.Tag, R.Context}, 0, false);
  MPI_Status_set_cancelled(&R.Status, 1);
  complete(R);
}

void Engine::transfer(Message &M, Request &R) {
  Layout RL = layoutOf(R.Count, R.Type);
  bool Truncated = M.Bytes > RL.Bytes;
  std::size_t Received = std::min(M.Bytes, RL.Bytes);
  setStatus(R, M.Env, Received, Truncated);

  switch (M.K) {
  case Message::Kind::Eager:
    unpack(M.data(), M.Bytes, R.Buf, R.Count, R.Type, RL);
    complete(R);
    return;

  case Message::Kind::LocalRendezvous: {
    Request &S = *M.Sender;
    Layout SL = layoutOf(S.Count, S.Type);
    if (SL.Contiguous) {
      unpack(dataStart(S.SendBuf, SL.Offset), SL.Bytes, R.Buf, R.Count, R.Type, RL);
    } else if (RL.Contiguous && !Truncated) {
      pack(S.SendBuf, S.Count, S.Type, SL, dataStart(R.Buf, RL.Offset));
    } else {
      std::vector<std::byte> Staging(SL.Bytes);
      pack(S.SendBuf, S.Count, S.Type, SL, Staging.data());
      unpack(Staging.data(), Staging.size(), R.Buf, R.Count, R.Type, RL);
    }
    complete(R);
    complete(S);
    return;
  }

  case Message::Kind::RemoteRendezvous:
    // The status is known now; the data follows through MPI.
    Remote.receivePayload(M, R, RL);
    return;
  }
}

void Engine::payloadLanded(Request &R, const std::vector<std::byte> &Temp, std::size_t Bytes) {
  if (!Temp.empty())
    unpack(Temp.data(), Bytes, R.Buf, R.Count, R.Type, layoutOf(R.Count, R.Type));
  complete(R);
}

namespace {
std::string sourceText(int Source) {
  return Source == MPI_ANY_SOURCE ? "any source" : "rank " + std::to_string(Source);
}
std::string tagText(int Tag) {
  return Tag == MPI_ANY_TAG ? "any tag" : "tag " + std::to_string(Tag);
}
} // namespace

std::vector<std::string> Engine::pendingOperations(int WorldRank,
                                                   const CommunicatorTable &Comms) const {
  std::vector<std::string> Lines;
  const Mailbox &Own = Mailboxes[Place.localIndexOf(WorldRank)];
  for (const Request *const *Posted : Own.Posted.inOrder()) {
    const Request *R = *Posted;
    Lines.push_back("receive from " + sourceText(R->Source) + ", " + tagText(R->Tag) + ", on " +
                    Comms.nameOfContext(R->Context) + " (" + R->Site.Operation + " at " +
                    describe(R->Site.Where) + ")");
  }
  for (const ProbeWait *P : Own.Probes)
    Lines.push_back("probe for " + sourceText(P->Source) + ", " + tagText(P->Tag) + ", on " +
                    Comms.nameOfContext(P->Context));
  for (const Mailbox &Box : Mailboxes)
    for (const std::unique_ptr<Message> *Queued : Box.Unexpected.inOrder())
      if (const Message *M = Queued->get();
          M->Sender && M->Sender->Owner && M->Sender->Owner->WorldRank == WorldRank)
        Lines.push_back("send to rank " + std::to_string(M->Sender->DestWorld) + ", " +
                        tagText(M->Env.Tag) + ", on " + Comms.nameOfContext(M->Env.Context) +
                        ": not received (" + M->Sender->Site.Operation + " at " +
                        describe(M->Sender->Site.Where) + ")");
  return Lines;
}

std::size_t Engine::unexpectedCount() const {
  std::size_t N = 0;
  for (const Mailbox &Box : Mailboxes)
    N += Box.Unexpected.size();
  return N;
}

bool Engine::awaitsMessages() const {
  return std::any_of(Mailboxes.begin(), Mailboxes.end(),
                     [](const Mailbox &Box) { return !Box.Posted.empty() || !Box.Probes.empty(); });
}

} // namespace bamboo::detail
