// communicator.cpp - MPI_COMM_WORLD and MPI_COMM_SELF over virtual ranks.
#include "communicator.h"

#include "rank_task.h"
#include "runtime_core.h"

namespace bamboo::detail {

int Communicator::worldRankOf(int Rank, const RankTask &Caller) const {
  if (Rank == MPI_PROC_NULL || Rank == MPI_ANY_SOURCE)
    return Rank;
  return IsSelf ? Caller.WorldRank : Rank;
}

int Communicator::rankOf(int WorldRank) const { return IsSelf ? 0 : WorldRank; }

void CommunicatorTable::init(int WorldSize) {
  Communicator World;
  World.Handle = MPI_COMM_WORLD;
  World.Name = "MPI_COMM_WORLD";
  World.Context = 0;
  World.CollectiveContext = 1;
  World.Size = WorldSize;
  Communicator Self;
  Self.Handle = MPI_COMM_SELF;
  Self.Name = "MPI_COMM_SELF";
  Self.Context = 2;
  Self.CollectiveContext = 3;
  Self.IsSelf = true;
  Self.Size = 1;
  Comms = {World, Self};
}

Communicator &CommunicatorTable::lookup(MPI_Comm Handle, const WaitSite &Site) {
  for (Communicator &C : Comms)
    if (C.Handle == Handle)
      return C;
  fatalError(std::string(Site.Operation) + " at " + describe(Site.Where) +
             ": invalid communicator (Bamboo supports MPI_COMM_WORLD and MPI_COMM_SELF)");
}

std::string CommunicatorTable::nameOfContext(int Context) const {
  for (const Communicator &C : Comms) {
    if (C.Context == Context)
      return C.Name;
    if (C.CollectiveContext == Context)
      return C.Name + " (collective)";
  }
  return "context " + std::to_string(Context);
}

} // namespace bamboo::detail
