// communicator.h - virtual communicators: which virtual ranks belong, their contexts, and
// their topology.
//
// Messages carry a context id, not a communicator handle: the point-to-point context and the
// collective context of a communicator differ, so a collective's internal messages never match
// a user's receive on the same communicator.
//
// MPI_COMM_WORLD and MPI_COMM_SELF are MPI's own handles. Every communicator the program
// makes (dup, split, create, Cartesian...) gets a real MPI handle too (a duplicate of
// MPI_COMM_SELF, shared by the local ranks that belong to it): a value MPI gives to no other
// communicator while it lives, whatever MPI's handles are (integers in MPICH, pointers in Open
// MPI), and one that calls that stay with MPI and take a communicator only to choose a data
// representation (MPI_Pack) accept.
#pragma once

#include "cartesian.h"

#include <mpi.h>

#include <deque>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace bamboo::detail {

struct RankTask;
struct WaitSite;

// The first context ids after those of MPI_COMM_WORLD and MPI_COMM_SELF.
constexpr int FirstDynamicContext = 4;

struct Communicator {
  MPI_Comm Handle = MPI_COMM_NULL;
  std::string Name;
  int Context = 0;           // user point-to-point traffic
  int CollectiveContext = 0; // the runtime's collective algorithms
  bool IsSelf = false;       // MPI_COMM_SELF: one rank, the caller
  bool IsWorld = false;
  int Size = 0;
  std::vector<int> Members;                 // comm rank -> world rank (not for world/self)
  std::unordered_map<int, int> RankOfWorld; // world rank -> comm rank
  std::optional<CartTopology> Cart;         // MPI_Cart_create, MPI_Cart_sub, and their dups
  int LocalHolders = 0;                     // local ranks that have not freed it
  bool Freed = false;

  // Communicator rank -> world virtual rank, and back (MPI_UNDEFINED if not a member);
  // Caller matters for MPI_COMM_SELF.
  int worldRankOf(int Rank, const RankTask &Caller) const;
  int rankOf(int WorldRank) const;
  // The world ranks of the members, in communicator rank order.
  std::vector<int> members(const RankTask &Caller) const;
};

class CommunicatorTable {
public:
  void init(int WorldSize);
  void shutdown();
  // A fatal error naming the call site for a handle that is not a communicator.
  Communicator &lookup(MPI_Comm Handle, const WaitSite &Site);
  // The communicator with this context and these members made in this process, or null.
  // (Two communicators with disjoint members may share a context id; their ranks' mailboxes
  // keep them apart.) Under the engine lock.
  Communicator *find(int Context, const std::vector<int> &Members);
  // A new communicator of the given members; its real MPI handle is made here.
  Communicator &create(int Context, std::vector<int> Members, std::string Name,
                       std::optional<CartTopology> Cart);
  // A local rank frees its handle; the last one frees the real MPI handle.
  void release(Communicator &C);
  // For the deadlock report: the name of the communicator owning a context.
  std::string nameOfContext(int Context) const;

private:
  std::deque<Communicator> Comms; // stable addresses: requests point to them
};

} // namespace bamboo::detail
