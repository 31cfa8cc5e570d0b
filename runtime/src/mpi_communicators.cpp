// mpi_communicators.cpp - communicator queries, error handlers, and the calls that make and
// free communicators (communicator_creation.h agrees on their context ids).
#include "bamboo/mpi.h"

#include "communicator_creation.h"

#include <algorithm>
#include <unordered_set>

namespace bamboo::mpi {

using namespace detail;

namespace {

using Lock = std::lock_guard<std::mutex>;

std::vector<int> membersOf(Call &C, MPI_Comm Comm) { return communicator(C, Comm).members(C.Rank); }

// The members of Group, which must all be members of Comm.
std::vector<int> groupOf(Call &C, MPI_Group Group, MPI_Comm Comm) {
  std::vector<int> Members;
  {
    Lock L(C.Parts.Lock);
    Members = C.Parts.Groups.lookup(Group, C.Site);
  }
  std::vector<int> Parent = membersOf(C, Comm);
  std::unordered_set<int> InParent(Parent.begin(), Parent.end());
  for (int World : Members)
    if (!InParent.count(World))
      callError(C, "the group has rank " + std::to_string(World) +
                       " of MPI_COMM_WORLD, which is not in the communicator");
  return Members;
}

} // namespace

int Comm_rank(MPI_Comm Comm, int *Rank) {
  Call C = enter("MPI_Comm_rank", CallSite::current());
  Lock L(C.Parts.Lock);
  *Rank = C.Parts.Comms.lookup(Comm, C.Site).rankOf(C.Rank.WorldRank);
  return MPI_SUCCESS;
}

int Comm_size(MPI_Comm Comm, int *Size) {
  Call C = enter("MPI_Comm_size", CallSite::current());
  Lock L(C.Parts.Lock);
  *Size = C.Parts.Comms.lookup(Comm, C.Site).Size;
  return MPI_SUCCESS;
}

int Comm_compare(MPI_Comm Comm1, MPI_Comm Comm2, int *Result, Where W) {
  Call C = enter("MPI_Comm_compare", W);
  const Communicator &A = communicator(C, Comm1), &B = communicator(C, Comm2);
  std::vector<int> MA = A.members(C.Rank), MB = B.members(C.Rank);
  if (&A == &B)
    *Result = MPI_IDENT;
  else if (MA == MB)
    *Result = MPI_CONGRUENT;
  else if (std::sort(MA.begin(), MA.end()), std::sort(MB.begin(), MB.end()), MA == MB)
    *Result = MPI_SIMILAR;
  else
    *Result = MPI_UNEQUAL;
  return MPI_SUCCESS;
}

int Comm_group(MPI_Comm Comm, MPI_Group *Group, Where W) {
  Call C = enter("MPI_Comm_group", W);
  std::vector<int> Members = membersOf(C, Comm);
  Lock L(C.Parts.Lock);
  *Group = C.Parts.Groups.add(std::move(Members));
  return MPI_SUCCESS;
}

int Comm_split(MPI_Comm Comm, int Color, int Key, MPI_Comm *NewComm, Where W) {
  return splitCommunicator(enterBlocking("MPI_Comm_split", W), Comm, Color, Key, NewComm);
}

int Comm_dup(MPI_Comm Comm, MPI_Comm *NewComm, Where W) {
  Call C = enterBlocking("MPI_Comm_dup", W);
  const Communicator &Parent = communicator(C, Comm);
  // A duplicate keeps the topology (MPI 3.1, section 7.4).
  return splitCommunicator(C, Comm, 0, rankIn(C, Parent), NewComm, Parent.Cart);
}

int Comm_split_type(MPI_Comm Comm, int SplitType, int Key, MPI_Info Info, MPI_Comm *NewComm,
                    Where W) {
  (void)Info; // no hints are understood
  Call C = enterBlocking("MPI_Comm_split_type", W);
  int Color = MPI_UNDEFINED;
  if (SplitType == MPI_COMM_TYPE_SHARED)
    Color = C.Parts.Place.Process; // the virtual ranks of one process share its memory
  else if (SplitType != MPI_UNDEFINED)
    callError(C, "split type " + std::to_string(SplitType) +
                     " is not supported (only MPI_COMM_TYPE_SHARED and MPI_UNDEFINED)");
  return splitCommunicator(C, Comm, Color, Key, NewComm);
}

// Every rank of Comm takes part; a rank outside its group gets MPI_COMM_NULL. Ranks may pass
// different groups if they are disjoint (MPI 3.1, section 6.4.2): the lowest world rank of a
// group tells it apart, and group order is the key.
int Comm_create(MPI_Comm Comm, MPI_Group Group, MPI_Comm *NewComm, Where W) {
  Call C = enterBlocking("MPI_Comm_create", W);
  std::vector<int> Members = groupOf(C, Group, Comm);
  auto Me = std::find(Members.begin(), Members.end(), C.Rank.WorldRank);
  if (Me == Members.end())
    return splitCommunicator(C, Comm, MPI_UNDEFINED, 0, NewComm);
  int Color = *std::min_element(Members.begin(), Members.end());
  return splitCommunicator(C, Comm, Color, static_cast<int>(Me - Members.begin()), NewComm);
}

// Only the group's ranks take part. The tag keeps apart concurrent calls of several threads of
// one MPI process; a virtual rank is one task, whose calls come one after the other.
int Comm_create_group(MPI_Comm Comm, MPI_Group Group, int Tag, MPI_Comm *NewComm, Where W) {
  Call C = enterBlocking("MPI_Comm_create_group", W);
  std::vector<int> Members = groupOf(C, Group, Comm);
  checkTag(C, Tag, false);
  if (std::find(Members.begin(), Members.end(), C.Rank.WorldRank) == Members.end()) {
    *NewComm = MPI_COMM_NULL; // as MPICH does for a caller outside the group
    return []() -> int { return MPI_SUCCESS; }();
  }
  return createCommunicatorOf(C, Comm, std::move(Members), NewComm);
}

int Comm_free(MPI_Comm *Comm, Where W) {
  Call C = enter("MPI_Comm_free", W);
  Lock L(C.Parts.Lock);
  Communicator &Cm = C.Parts.Comms.lookup(*Comm, C.Site);
  if (Cm.IsWorld || Cm.IsSelf)
    callError(C, "cannot free " + Cm.Name);
  // MPI may give the handle to a later communicator: this rank's error handler must not
  // carry over.
  auto &Returning = C.Rank.ErrorsReturn;
  Returning.erase(std::remove(Returning.begin(), Returning.end(), *Comm), Returning.end());
  C.Parts.Comms.release(Cm); // pending operations keep their communicator alive
  *Comm = MPI_COMM_NULL;
  return MPI_SUCCESS;
}

int Comm_set_errhandler(MPI_Comm Comm, MPI_Errhandler Handler) {
  Call C = enter("MPI_Comm_set_errhandler", CallSite::current());
  {
    Lock L(C.Parts.Lock);
    C.Parts.Comms.lookup(Comm, C.Site);
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
  Call C = enter("MPI_Comm_get_errhandler", CallSite::current());
  const auto &List = C.Rank.ErrorsReturn;
  *Handler = std::find(List.begin(), List.end(), Comm) != List.end() ? MPI_ERRORS_RETURN
                                                                     : MPI_ERRORS_ARE_FATAL;
  return MPI_SUCCESS;
}

} // namespace bamboo::mpi
