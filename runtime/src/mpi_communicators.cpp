// mpi_communicators.cpp - communicator queries, error handlers, dup, split and free.
//
// A new communicator needs a context id that every member agrees on and that no other
// communicator of any member uses. Each rank keeps the lowest id it may still give
// (RankTask::NextContext); a split takes the maximum over the parent communicator, so the new
// ids are above every id any member has used, and every member moves its own mark past them.
#include "bamboo/mpi.h"

#include "collective_support.h"

#include <algorithm>
#include <tuple>

namespace bamboo::mpi {

using namespace detail;

namespace {

using Lock = std::lock_guard<std::mutex>;

struct SplitEntry {
  int Color, Key, NextContext;
};

Task<int> split(Call C, MPI_Comm Comm, int Color, int Key, MPI_Comm *NewComm) {
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
    co_await internalRecvAll(C, Parent, Recvs, SplitTag);
  } else {
    internalSend(C, Parent, &Mine, 1, Entry, 0, SplitTag);
  }
  co_await broadcast(C, Parent, All.data(), Size, Entry, 0, SplitTag);
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
    co_return MPI_SUCCESS;
  }

  int Context =
      Base + 2 * static_cast<int>(std::lower_bound(Colors.begin(), Colors.end(), Color) -
                                  Colors.begin());
  std::vector<std::tuple<int, int>> Order; // (key, parent rank) of my color
  for (int I = 0; I < Size; ++I)
    if (All[I].Color == Color)
      Order.emplace_back(All[I].Key, I);
  std::sort(Order.begin(), Order.end());
  std::vector<int> Members;
  for (auto [K, I] : Order)
    Members.push_back(Parent.worldRankOf(I, C.Rank));

  Lock L(C.RT.Lock);
  Communicator *New = C.RT.Comms.find(Context, Members); // made by another local member?
  if (!New)
    New = &C.RT.Comms.create(Context, std::move(Members),
                             std::string(C.Site.Operation) + " of " + Parent.Name + " at " +
                                 describe(C.Site.Where));
  ++New->LocalHolders;
  *NewComm = New->Handle;
  co_return MPI_SUCCESS;
}

} // namespace

int Comm_rank(MPI_Comm Comm, int *Rank) {
  Call C = enter("MPI_Comm_rank", std::source_location::current());
  Lock L(C.RT.Lock);
  *Rank = C.RT.Comms.lookup(Comm, C.Site).rankOf(C.Rank.WorldRank);
  return MPI_SUCCESS;
}

int Comm_size(MPI_Comm Comm, int *Size) {
  Call C = enter("MPI_Comm_size", std::source_location::current());
  Lock L(C.RT.Lock);
  *Size = C.RT.Comms.lookup(Comm, C.Site).Size;
  return MPI_SUCCESS;
}

Task<int> Comm_split(MPI_Comm Comm, int Color, int Key, MPI_Comm *NewComm, Where W) {
  return split(enter("MPI_Comm_split", W), Comm, Color, Key, NewComm);
}

Task<int> Comm_dup(MPI_Comm Comm, MPI_Comm *NewComm, Where W) {
  Call C = enter("MPI_Comm_dup", W);
  int Rank = rankIn(C, communicator(C, Comm));
  return split(C, Comm, 0, Rank, NewComm);
}

int Comm_free(MPI_Comm *Comm, Where W) {
  Call C = enter("MPI_Comm_free", W);
  Lock L(C.RT.Lock);
  Communicator &Cm = C.RT.Comms.lookup(*Comm, C.Site);
  if (Cm.IsWorld || Cm.IsSelf)
    callError(C, "cannot free " + Cm.Name);
  C.RT.Comms.release(Cm); // pending operations keep their communicator alive
  *Comm = MPI_COMM_NULL;
  return MPI_SUCCESS;
}

int Comm_set_errhandler(MPI_Comm Comm, MPI_Errhandler Handler) {
  Call C = enter("MPI_Comm_set_errhandler", std::source_location::current());
  {
    Lock L(C.RT.Lock);
    C.RT.Comms.lookup(Comm, C.Site);
  }
  auto &List = C.Rank.ErrorsReturn;
  List.erase(std::remove(List.begin(), List.end(), Comm), List.end());
  if (Handler == MPI_ERRORS_RETURN)
    List.push_back(Comm);
  else if (Handler != MPI_ERRORS_ARE_FATAL)
    callError(C, "only MPI_ERRORS_ARE_FATAL and MPI_ERRORS_RETURN are supported");
  return MPI_SUCCESS;
}

int Comm_get_errhandler(MPI_Comm Comm, MPI_Errhandler *Handler) {
  Call C = enter("MPI_Comm_get_errhandler", std::source_location::current());
  const auto &List = C.Rank.ErrorsReturn;
  *Handler = std::find(List.begin(), List.end(), Comm) != List.end() ? MPI_ERRORS_RETURN
                                                                      : MPI_ERRORS_ARE_FATAL;
  return MPI_SUCCESS;
}

} // namespace bamboo::mpi
