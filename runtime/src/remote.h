// remote.h - where the matching engine and the transport meet, and nowhere else.
//
// The engine matches messages for the virtual ranks of this process; the transport moves
// bytes between processes over MPI and alone knows how they travel (frames, records,
// rendezvous tags). The engine hands messages for other processes to RemoteSends; the
// transport hands what arrives to Arrivals. Both run under the engine lock.
#pragma once

#include "broadcast_tree.h"
#include "datatype.h"
#include "message.h"

#include <algorithm>
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace bamboo::detail {

// Where each world rank lives: block mapping, VirtualRanks consecutive ranks per process.
struct Placement {
  int Process = 0;
  int VirtualRanks = 1;
  int processOf(int WorldRank) const { return WorldRank / VirtualRanks; }
  bool isLocal(int WorldRank) const { return processOf(WorldRank) == Process; }
  int localIndexOf(int WorldRank) const { return WorldRank - Process * VirtualRanks; }
};

// The size of the parts a message sent in parts travels in: as few as keep each part's latency
// short, at least 32 KiB each (an MPI message smaller than that costs more than it carries).
// Sender and receiver compute it from the message's size alone.
inline std::size_t partBytes(std::size_t MessageBytes) {
  constexpr std::size_t Smallest = 32 * 1024, MostParts = 64;
  std::size_t Part = std::max(Smallest, (MessageBytes + MostParts - 1) / MostParts);
  return (Part + 63) & ~std::size_t(63);
}

// How a broadcast's records travel (docs/collective-detection.md): along the tree; or, with no
// payload, as the marks of a change of the sender's way, each along the way it ends: directly
// to every process for the switch to the tree, along the tree for its end.
enum class BroadcastWay { Tree, ToTree, EndTree };

// Implemented by the transport, used by the engine. SourceWorld is the sending rank's world
// rank: a process orders the messages of a root that broadcasts along a tree by it.
class RemoteSends {
public:
  virtual ~RemoteSends() = default;
  // Room for Bytes of packed payload of a message with envelope Env to world rank DestWorld
  // (of process DestProcess), sent without waiting for its receive. Valid until the next call.
  virtual std::byte *eager(int DestProcess, int DestWorld, int SourceWorld, const Envelope &Env,
                           std::size_t Bytes) = 0;
  // Announces a message whose Bytes leave from Data (alive until S completes) once the
  // receive matches; S completes when MPI has sent them (Synchronous: when they were received).
  virtual void rendezvous(int DestProcess, int DestWorld, int SourceWorld, const Envelope &Env,
                          Request &S, const std::byte *Data, std::size_t Bytes,
                          bool Synchronous) = 0;
  // Announces a message whose Bytes at Data (alive until S completes) are written after the
  // call, front to back: each part (partBytes) leaves once partsReady says it is final, and S
  // completes when MPI has sent them all.
  virtual void rendezvousInParts(int DestProcess, int DestWorld, int SourceWorld,
                                 const Envelope &Env, Request &S, const std::byte *Data,
                                 std::size_t Bytes) = 0;
  // One eager message to every rank of Route (not the sender's process) along the tree, or a
  // mark of the sender's change of way (How).
  virtual void broadcast(const BroadcastRoute &Route, int SourceWorld, const Envelope &Env,
                         std::span<const std::byte> Payload, BroadcastWay How) = 0;
  // The first Bytes of the data of S (a rendezvousInParts) are final.
  virtual void partsReady(Request &S, std::size_t Bytes) = 0;
  // Receives the payload of a matched announcement (a RemoteRendezvous message) into R, laid
  // out as RL; Arrivals::payloadLanded follows.
  virtual void receivePayload(const Message &Announced, Request &R, const Layout &RL) = 0;
};

// Implemented by the engine, used by the transport.
class Arrivals {
public:
  virtual ~Arrivals() = default;
  // A message from another process for local rank DestWorld.
  virtual void deliver(int DestWorld, std::unique_ptr<Message> M) = 0;
  // The payload of receive R has landed in Temp (packed, Bytes long), or directly in R's buffer
  // when Temp is empty.
  virtual void payloadLanded(Request &R, const std::vector<std::byte> &Temp, std::size_t Bytes) = 0;
  // MPI has sent the payload of rendezvous send S.
  virtual void payloadSent(Request &S) = 0;
  // How many local ranks wait for nothing but a worker. A look for frames stops when what it
  // delivered raised this, so that the ranks answer before MPI is asked for more.
  virtual std::size_t runnableRanks() const = 0;
};

} // namespace bamboo::detail
