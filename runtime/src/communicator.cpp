// communicator.cpp - MPI_COMM_WORLD, MPI_COMM_SELF and communicators made from them.
#include "communicator.h"

#include "fatal_error.h"
#include "rank_task.h"

namespace bamboo::detail {

int Communicator::worldRankOf(int Rank, const RankTask &Caller) const {
  if (Rank == MPI_PROC_NULL || Rank == MPI_ANY_SOURCE)
    return Rank;
  if (IsSelf)
    return Caller.WorldRank;
  if (IsWorld)
    return Rank;
  return Members[Rank];
}

int Communicator::rankOf(int WorldRank) const {
  if (IsSelf)
    return 0;
  if (IsWorld)
    return WorldRank;
  auto It = RankOfWorld.find(WorldRank);
  return It == RankOfWorld.end() ? MPI_UNDEFINED : It->second;
}

std::vector<int> Communicator::members(const RankTask &Caller) const {
  if (IsSelf)
    return {Caller.WorldRank};
  if (!IsWorld)
    return Members;
  std::vector<int> All(Size);
  for (int Rank = 0; Rank < Size; ++Rank)
    All[Rank] = Rank;
  return All;
}

void CommunicatorTable::init(int WorldSize) {
  Communicator &World = Comms.emplace_back();
  World.Handle = MPI_COMM_WORLD;
  World.Name = "MPI_COMM_WORLD";
  World.Context = 0;
  World.CollectiveContext = 1;
  World.IsWorld = true;
  World.Size = WorldSize;
  Communicator &Self = Comms.emplace_back();
  Self.Handle = MPI_COMM_SELF;
  Self.Name = "MPI_COMM_SELF";
  Self.Context = 2;
  Self.CollectiveContext = 3;
  Self.IsSelf = true;
  Self.Size = 1;
}

void CommunicatorTable::shutdown() {
  for (Communicator &C : Comms)
    if (!C.Freed && !C.IsWorld && !C.IsSelf)
      MPI_Comm_free(&C.Handle);
  Comms.clear();
}

Communicator &CommunicatorTable::lookup(MPI_Comm Handle, const WaitSite &Site) {
  for (Communicator &C : Comms)
    if (C.Handle == Handle && !C.Freed)
      return C;
  fatalError(std::string(Site.Operation) + " at " + describe(Site.Where) +
             (Handle == MPI_COMM_NULL ? ": MPI_COMM_NULL given as communicator"
                                      : ": invalid communicator"));
}

Communicator *CommunicatorTable::find(int Context, const std::vector<int> &Members) {
  for (Communicator &C : Comms)
    if (C.Context == Context && !C.Freed && C.Members == Members)
      return &C;
  return nullptr;
}

Communicator &CommunicatorTable::create(int Context, std::vector<int> Members, std::string Name,
                                        std::optional<CartTopology> Cart) {
  Communicator &C = Comms.emplace_back();
  MPI_Comm_dup(MPI_COMM_SELF, &C.Handle); // a unique, valid handle; local, never waits
  C.Name = std::move(Name);
  C.Context = Context;
  C.CollectiveContext = Context + 1;
  C.Size = static_cast<int>(Members.size());
  for (int Rank = 0; Rank < C.Size; ++Rank)
    C.RankOfWorld[Members[Rank]] = Rank;
  C.Members = std::move(Members);
  C.Cart = std::move(Cart);
  return C;
}

void CommunicatorTable::release(Communicator &C) {
  if (--C.LocalHolders > 0)
    return;
  C.Freed = true;
  MPI_Comm_free(&C.Handle);
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
