// communicator_creation.cpp - split, and creation over a group of the parent's ranks.
#include "communicator_creation.h"

#include <algorithm>
#include <tuple>

namespace bamboo::detail {

namespace {

using Lock = std::lock_guard<std::mutex>;

// The calling rank's handle of the communicator with this context and these members: the one
// another local member made already, or a new one. A new communicator inherits the parent's
// error handler (MPI 3.1, section 8.3).
MPI_Comm adopt(Call &C, const Communicator &Parent, int Context, std::vector<int> Members,
               std::optional<CartTopology> Cart) {
  Lock L(C.Parts.Lock);
  Communicator *New = C.Parts.Comms.find(Context, Members);
  if (!New)
    New = &C.Parts.Comms.create(Context, std::move(Members),
                                std::string(C.Site.Operation) + " of " + Parent.Name + " at " +
                                    describe(C.Site.Where),
                                std::move(Cart));
  ++New->LocalHolders;
  auto &Returning = C.Rank.ErrorsReturn;
  if (std::find(Returning.begin(), Returning.end(), Parent.Handle) != Returning.end())
    Returning.push_back(New->Handle);
  return New->Handle;
}

struct SplitEntry {
  int Color, Key, NextContext;
};

// The largest Value of the ranks Ranks (of Parent; the caller is Ranks[Me]), for all of them:
// a binomial reduction to Ranks[0] and a broadcast back down the same tree. The internal
// messages name parent ranks, so they never match those of another group of the parent.
int maximumOver(Call &C, const Communicator &Parent, const std::vector<int> &Ranks, int Me,
                int Value) {
  int N = static_cast<int>(Ranks.size()), Mask = 1;
  for (; Mask < N; Mask <<= 1) {
    if (Me & Mask) {
      internalSend(C, Parent, &Value, 1, MPI_INT, Ranks[Me - Mask], CreateGroupTag);
      break;
    }
    if (Me + Mask < N) {
      int Child = 0;
      internalRecv(C, Parent, &Child, 1, MPI_INT, Ranks[Me + Mask], CreateGroupTag);
      Value = std::max(Value, Child);
    }
  }
  if (Me != 0) // Mask is the lowest bit of Me: the parent in the tree
    internalRecv(C, Parent, &Value, 1, MPI_INT, Ranks[Me - Mask], CreateGroupTag);
  for (Mask >>= 1; Mask > 0; Mask >>= 1)
    if (Me + Mask < N)
      internalSend(C, Parent, &Value, 1, MPI_INT, Ranks[Me + Mask], CreateGroupTag);
  return Value;
}

} // namespace

int splitCommunicator(Call C, MPI_Comm Comm, int Color, int Key, MPI_Comm *NewComm,
                      std::optional<CartTopology> Cart) {
  const Communicator &Parent = communicator(C, Comm);
  int Rank = rankIn(C, Parent), Size = Parent.Size;
  if (Color < 0 && Color != MPI_UNDEFINED)
    callError(C, "invalid color " + std::to_string(Color));

  // Everybody learns everybody's (color, key, next free context): gather, then broadcast.
  std::vector<SplitEntry> All(Size);
  SplitEntry Mine{Color, Key, C.Rank.NextContext};
  MPI_Datatype Entry;
  MPI_Type_contiguous(3, MPI_INT, &Entry);
  MPI_Type_commit(&Entry);
  if (Rank == 0) {
    All[0] = Mine;
    std::vector<InternalRecv> Recvs;
    for (int I = 1; I < Size; ++I)
      Recvs.push_back({&All[I], 1, Entry, I});
    internalRecvAll(C, Parent, Recvs, SplitTag);
  } else {
    internalSend(C, Parent, &Mine, 1, Entry, 0, SplitTag);
  }
  broadcast(C, Parent, All.data(), Size, Entry, 0, SplitTag);
  MPI_Type_free(&Entry);

  int Base = 0;
  std::vector<int> Colors;
  for (const SplitEntry &E : All) {
    Base = std::max(Base, E.NextContext);
    if (E.Color != MPI_UNDEFINED)
      Colors.push_back(E.Color);
  }
  std::sort(Colors.begin(), Colors.end());
  Colors.erase(std::unique(Colors.begin(), Colors.end()), Colors.end());
  C.Rank.NextContext = Base + 2 * static_cast<int>(Colors.size());
  if (Color == MPI_UNDEFINED) {
    *NewComm = MPI_COMM_NULL;
    return MPI_SUCCESS;
  }

  int Context = Base + 2 * static_cast<int>(std::lower_bound(Colors.begin(), Colors.end(), Color) -
                                            Colors.begin());
  std::vector<std::tuple<int, int>> Order; // (key, parent rank) of my color
  for (int I = 0; I < Size; ++I)
    if (All[I].Color == Color)
      Order.emplace_back(All[I].Key, I);
  std::sort(Order.begin(), Order.end());
  std::vector<int> Members;
  for (auto [K, I] : Order)
    Members.push_back(Parent.worldRankOf(I, C.Rank));
  *NewComm = adopt(C, Parent, Context, std::move(Members), std::move(Cart));
  return MPI_SUCCESS;
}

int createCommunicatorOf(Call C, MPI_Comm Comm, std::vector<int> Members, MPI_Comm *NewComm) {
  const Communicator &Parent = communicator(C, Comm);
  std::vector<int> Ranks; // the members' parent ranks
  int Me = -1;
  for (int World : Members) {
    if (World == C.Rank.WorldRank)
      Me = static_cast<int>(Ranks.size());
    Ranks.push_back(Parent.rankOf(World));
  }
  int Context = maximumOver(C, Parent, Ranks, Me, C.Rank.NextContext);
  C.Rank.NextContext = Context + 2;
  *NewComm = adopt(C, Parent, Context, std::move(Members), std::nullopt);
  return MPI_SUCCESS;
}

} // namespace bamboo::detail
