// engine.cpp - matching receives and messages, moving data, completing requests.
#include "engine.h"

#include "communicator.h"
#include "completion.h"
#include "rank_task.h"
#include "scheduler.h"

#include <algorithm>

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
  auto It = std::find_if(Box.Unexpected.begin(), Box.Unexpected.end(), [&](const auto &M) {
    return matches(R.Source, R.Tag, R.Context, M->Env);
  });
  if (It == Box.Unexpected.end()) {
    Box.Posted.push_back(&R);
    Progress.demand();
    return;
  }
  std::unique_ptr<Message> M = std::move(*It);
  Box.Unexpected.erase(It);
  transfer(*M, R);
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
  auto Posted = std::find_if(Box.Posted.begin(), Box.Posted.end(), [&](Request *R) {
    return matches(R->Source, R->Tag, R->Context, Env);
  });
  auto M = std::make_unique<Message>();
  M->Env = Env;
  M->Bytes = SL.Bytes;
  bool Waits =
      Mode == SendMode::Synchronous || (Mode == SendMode::Standard && SL.Bytes > EagerLimit);
  if (Posted != Box.Posted.end()) {
    // The receive is there: copy straight from the sender's buffer.
    Request &R = **Posted;
    Box.Posted.erase(Posted);
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
  Remote.rendezvousInParts(Place.processOf(S.DestWorld), S.DestWorld, Env, S,
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
  bool Eager = Mode == SendMode::Buffered || (Mode == SendMode::Standard && SL.Bytes <= EagerLimit);
  if (Eager) {
    std::byte *Payload = Remote.eager(DestProcess, S.DestWorld, Env, SL.Bytes);
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
  Remote.rendezvous(DestProcess, S.DestWorld, Env, S, Data, SL.Bytes,
                    Mode == SendMode::Synchronous);
}

void Engine::deliver(int DestWorld, std::unique_ptr<Message> M) {
  Mailbox &Box = mailboxOf(DestWorld);
  auto Posted = std::find_if(Box.Posted.begin(), Box.Posted.end(), [&](Request *R) {
    return matches(R->Source, R->Tag, R->Context, M->Env);
  });
  if (Posted == Box.Posted.end()) {
    enqueueUnexpected(Box, std::move(M));
    return;
  }
  Request &R = **Posted;
  Box.Posted.erase(Posted);
  transfer(*M, R);
}

void Engine::enqueueUnexpected(Mailbox &Box, std::unique_ptr<Message> M) {
  const Envelope Env = M->Env;
  Box.Unexpected.push_back(std::move(M));
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
  for (const auto &M : Mailboxes[LocalIndex].Unexpected)
    if (matches(Source, Tag, Context, M->Env))
      return M.get();
  return nullptr;
}

std::unique_ptr<Message> Engine::takeUnexpected(int LocalIndex, int Source, int Tag, int Context) {
  auto &Unexpected = Mailboxes[LocalIndex].Unexpected;
  auto It = std::find_if(Unexpected.begin(), Unexpected.end(),
                         [&](const auto &M) { return matches(Source, Tag, Context, M->Env); });
  if (It == Unexpected.end())
    return nullptr;
  std::unique_ptr<Message> M = std::move(*It);
  Unexpected.erase(It);
  return M;
}

void Engine::receiveMatched(Message &M, Request &R) {
  R.Kind = RequestKind::Recv;
  transfer(M, R);
}

void Engine::cancelRecv(Request &R) {
  auto &Posted = mailboxOf(R.Owner->WorldRank).Posted;
  auto It = std::find(Posted.begin(), Posted.end(), &R);
  if (It == Posted.end())
    return; // matched already: the receive completes as it would have
  Posted.erase(It);
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
  for (const Request *R : Own.Posted)
    Lines.push_back("receive from " + sourceText(R->Source) + ", " + tagText(R->Tag) + ", on " +
                    Comms.nameOfContext(R->Context) + " (" + R->Site.Operation + " at " +
                    describe(R->Site.Where) + ")");
  for (const ProbeWait *P : Own.Probes)
    Lines.push_back("probe for " + sourceText(P->Source) + ", " + tagText(P->Tag) + ", on " +
                    Comms.nameOfContext(P->Context));
  for (const Mailbox &Box : Mailboxes)
    for (const auto &M : Box.Unexpected)
      if (M->Sender && M->Sender->Owner && M->Sender->Owner->WorldRank == WorldRank)
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
