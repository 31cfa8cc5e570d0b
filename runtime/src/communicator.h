// communicator.h - virtual communicators: which virtual ranks belong, and their contexts.
//
// Messages carry a context id, not a communicator handle: the point-to-point context and the
// collective context of a communicator differ, so a collective's internal messages never match
// a user's receive on the same communicator.
#pragma once

#include <mpi.h>

#include <string>
#include <vector>

namespace bamboo::detail {

struct RankTask;
struct WaitSite;

struct Communicator {
  MPI_Comm Handle = MPI_COMM_NULL;
  std::string Name;
  int Context = 0;           // user point-to-point traffic
  int CollectiveContext = 0; // the runtime's collective algorithms
  bool IsSelf = false;       // MPI_COMM_SELF: one rank, the caller
  int Size = 0;

  // Communicator rank -> world virtual rank, and back; Caller matters for MPI_COMM_SELF.
  int worldRankOf(int Rank, const RankTask &Caller) const;
  int rankOf(int WorldRank) const;
};

class CommunicatorTable {
public:
  void init(int WorldSize);
  // A fatal error naming the call site for a handle that is not a communicator.
  Communicator &lookup(MPI_Comm Handle, const WaitSite &Site);
  // For the deadlock report: the name of the communicator owning a context.
  std::string nameOfContext(int Context) const;

private:
  std::vector<Communicator> Comms;
};

} // namespace bamboo::detail
