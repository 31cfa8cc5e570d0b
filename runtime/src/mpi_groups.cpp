// mpi_groups.cpp - process groups: queries, set operations, inclusion and exclusion.
//
// All of these are local to the calling rank. A group is the list of its members' world
// virtual ranks (group.h); new groups are made by list operations on those.
#include "bamboo/mpi.h"

#include "api_support.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace bamboo::mpi {

using namespace detail;

namespace {

using Lock = std::lock_guard<std::mutex>;
using Members = std::vector<int>;

Members membersOf(Call &C, MPI_Group Group) {
  Lock L(C.Parts.Lock);
  return C.Parts.Groups.lookup(Group, C.Site);
}

int store(Call &C, Members M, MPI_Group *NewGroup) {
  Lock L(C.Parts.Lock);
  *NewGroup = C.Parts.Groups.add(std::move(M));
  return MPI_SUCCESS;
}

int positionIn(const Members &M, int WorldRank) {
  auto It = std::find(M.begin(), M.end(), WorldRank);
  return It == M.end() ? MPI_UNDEFINED : static_cast<int>(It - M.begin());
}

void checkRank(Call &C, const Members &M, int Rank) {
  if (Rank < 0 || Rank >= static_cast<int>(M.size()))
    callError(C, "invalid rank " + std::to_string(Rank) + " for a group of size " +
                     std::to_string(M.size()));
}

// The group ranks named by Ranks: valid and distinct, as MPI_Group_incl and _excl require.
std::vector<int> checkedRanks(Call &C, const Members &M, int N, const int Ranks[]) {
  if (N < 0 || N > static_cast<int>(M.size()))
    callError(C, "invalid number of ranks " + std::to_string(N));
  std::vector<int> Out(Ranks, Ranks + N);
  std::vector<bool> Seen(M.size());
  for (int R : Out) {
    checkRank(C, M, R);
    if (Seen[R])
      callError(C, "rank " + std::to_string(R) + " named twice");
    Seen[R] = true;
  }
  return Out;
}

// The group ranks of MPI_Group_range_incl/_excl's triplets (first, last, stride), in order.
std::vector<int> rangeRanks(Call &C, const Members &M, int N, int Ranges[][3]) {
  if (N < 0)
    callError(C, "invalid number of ranges " + std::to_string(N));
  std::vector<int> Out;
  for (int I = 0; I < N; ++I) {
    int First = Ranges[I][0], Last = Ranges[I][1], Stride = Ranges[I][2];
    if (Stride == 0)
      callError(C, "range " + std::to_string(I) + " has stride 0");
    checkRank(C, M, First);
    checkRank(C, M, Last);
    for (int R = First; Stride > 0 ? R <= Last : R >= Last; R += Stride)
      Out.push_back(R);
  }
  return checkedRanks(C, M, static_cast<int>(Out.size()), Out.data());
}

Members include(const Members &M, const std::vector<int> &Ranks) {
  Members Out;
  for (int R : Ranks)
    Out.push_back(M[R]);
  return Out;
}

Members exclude(const Members &M, const std::vector<int> &Ranks) {
  std::vector<bool> Dropped(M.size());
  for (int R : Ranks)
    Dropped[R] = true;
  Members Out;
  for (std::size_t R = 0; R < M.size(); ++R)
    if (!Dropped[R])
      Out.push_back(M[R]);
  return Out;
}

// The members of A that are (Keep) or are not (!Keep) in B, in A's order.
Members filter(const Members &A, const Members &B, bool Keep) {
  std::unordered_set<int> InB(B.begin(), B.end());
  Members Out;
  for (int World : A)
    if (InB.count(World) == static_cast<std::size_t>(Keep))
      Out.push_back(World);
  return Out;
}

} // namespace

int Group_size(MPI_Group Group, int *Size, Where W) {
  Call C = enter("MPI_Group_size", W);
  *Size = static_cast<int>(membersOf(C, Group).size());
  return MPI_SUCCESS;
}

int Group_rank(MPI_Group Group, int *Rank, Where W) {
  Call C = enter("MPI_Group_rank", W);
  *Rank = positionIn(membersOf(C, Group), C.Rank.WorldRank);
  return MPI_SUCCESS;
}

int Group_translate_ranks(MPI_Group Group1, int N, const int Ranks1[], MPI_Group Group2,
                          int Ranks2[], Where W) {
  Call C = enter("MPI_Group_translate_ranks", W);
  Members A = membersOf(C, Group1), B = membersOf(C, Group2);
  if (N < 0)
    callError(C, "invalid number of ranks " + std::to_string(N));
  std::unordered_map<int, int> RankInB;
  for (std::size_t R = 0; R < B.size(); ++R)
    RankInB[B[R]] = static_cast<int>(R);
  for (int I = 0; I < N; ++I) {
    if (Ranks1[I] == MPI_PROC_NULL) {
      Ranks2[I] = MPI_PROC_NULL;
      continue;
    }
    checkRank(C, A, Ranks1[I]);
    auto It = RankInB.find(A[Ranks1[I]]);
    Ranks2[I] = It == RankInB.end() ? MPI_UNDEFINED : It->second;
  }
  return MPI_SUCCESS;
}

int Group_compare(MPI_Group Group1, MPI_Group Group2, int *Result, Where W) {
  Call C = enter("MPI_Group_compare", W);
  Members A = membersOf(C, Group1), B = membersOf(C, Group2);
  if (A == B)
    *Result = MPI_IDENT;
  else if (A.size() == B.size() && filter(A, B, false).empty())
    *Result = MPI_SIMILAR;
  else
    *Result = MPI_UNEQUAL;
  return MPI_SUCCESS;
}

int Group_union(MPI_Group Group1, MPI_Group Group2, MPI_Group *NewGroup, Where W) {
  Call C = enter("MPI_Group_union", W);
  Members A = membersOf(C, Group1), B = membersOf(C, Group2);
  Members Extra = filter(B, A, false);
  A.insert(A.end(), Extra.begin(), Extra.end());
  return store(C, std::move(A), NewGroup);
}

int Group_intersection(MPI_Group Group1, MPI_Group Group2, MPI_Group *NewGroup, Where W) {
  Call C = enter("MPI_Group_intersection", W);
  return store(C, filter(membersOf(C, Group1), membersOf(C, Group2), true), NewGroup);
}

int Group_difference(MPI_Group Group1, MPI_Group Group2, MPI_Group *NewGroup, Where W) {
  Call C = enter("MPI_Group_difference", W);
  return store(C, filter(membersOf(C, Group1), membersOf(C, Group2), false), NewGroup);
}

int Group_incl(MPI_Group Group, int N, const int Ranks[], MPI_Group *NewGroup, Where W) {
  Call C = enter("MPI_Group_incl", W);
  Members M = membersOf(C, Group);
  return store(C, include(M, checkedRanks(C, M, N, Ranks)), NewGroup);
}

int Group_excl(MPI_Group Group, int N, const int Ranks[], MPI_Group *NewGroup, Where W) {
  Call C = enter("MPI_Group_excl", W);
  Members M = membersOf(C, Group);
  return store(C, exclude(M, checkedRanks(C, M, N, Ranks)), NewGroup);
}

int Group_range_incl(MPI_Group Group, int N, int Ranges[][3], MPI_Group *NewGroup, Where W) {
  Call C = enter("MPI_Group_range_incl", W);
  Members M = membersOf(C, Group);
  return store(C, include(M, rangeRanks(C, M, N, Ranges)), NewGroup);
}

int Group_range_excl(MPI_Group Group, int N, int Ranges[][3], MPI_Group *NewGroup, Where W) {
  Call C = enter("MPI_Group_range_excl", W);
  Members M = membersOf(C, Group);
  return store(C, exclude(M, rangeRanks(C, M, N, Ranges)), NewGroup);
}

int Group_free(MPI_Group *Group, Where W) {
  Call C = enter("MPI_Group_free", W);
  Lock L(C.Parts.Lock);
  C.Parts.Groups.lookup(*Group, C.Site); // a fatal error for a bad handle
  C.Parts.Groups.remove(*Group);
  *Group = MPI_GROUP_NULL;
  return MPI_SUCCESS;
}

} // namespace bamboo::mpi
