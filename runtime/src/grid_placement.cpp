// grid_placement.cpp - a compact box of the grid for each process's ranks.
#include "grid_placement.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

namespace bamboo::detail {

namespace {

// Every box of Ranks cells whose sides divide the grid's (Box[i] | Dims[i]).
void boxesOf(const std::vector<int> &Dims, int Ranks, std::size_t Dim, std::vector<int> &Box,
             std::vector<std::vector<int>> &Out) {
  if (Dim == Dims.size()) {
    if (Ranks == 1)
      Out.push_back(Box);
    return;
  }
  for (int Side = 1; Side <= Dims[Dim]; ++Side) {
    if (Dims[Dim] % Side != 0 || Ranks % Side != 0)
      continue;
    Box[Dim] = Side;
    boxesOf(Dims, Ranks / Side, Dim + 1, Box, Out);
  }
}

// The cuts between processes when boxes of Box tile Grid: a cut is a whole cross-section of
// the domain, of the same area in every dimension for a domain of equal extents.
int cutsOf(const CartTopology &Grid, const std::vector<int> &Box) {
  int Cuts = 0;
  for (std::size_t I = 0; I < Box.size(); ++I) {
    int Across = Grid.Dims[I] / Box[I]; // boxes along dimension I
    if (Across > 1)
      Cuts += Grid.Periods[I] ? Across : Across - 1;
  }
  return Cuts;
}

// The best box of Ranks cells for Grid. One exists when Ranks divides the grid's size: each
// prime's powers in Ranks can be split among the dimensions that hold them.
std::vector<int> bestBox(const CartTopology &Grid, int Ranks) {
  std::vector<std::vector<int>> Boxes;
  std::vector<int> Box(Grid.Dims.size(), 1);
  boxesOf(Grid.Dims, Ranks, 0, Box, Boxes);
  // Fewest cuts; among equals, the longest sides last, as block placement makes them.
  auto Better = [&](const std::vector<int> &A, const std::vector<int> &B) {
    int CutsA = cutsOf(Grid, A), CutsB = cutsOf(Grid, B);
    if (CutsA != CutsB)
      return CutsA < CutsB;
    return std::lexicographical_compare(B.rbegin(), B.rend(), A.rbegin(), A.rend());
  };
  return *std::min_element(Boxes.begin(), Boxes.end(), Better);
}

} // namespace

std::vector<int> compactGridRanks(const CartTopology &Grid, const std::vector<int> &ProcessOf) {
  int Size = static_cast<int>(ProcessOf.size());
  std::vector<int> Identity(ProcessOf.size());
  std::iota(Identity.begin(), Identity.end(), 0);
  if (Grid.dimensions() == 0 || Grid.size() != Size)
    return Identity;
  // The processes in order of first appearance, and each rank's place among its process's.
  std::unordered_map<int, int> Order; // process -> its index in that order
  std::vector<int> Count, Group(ProcessOf.size()), Member(ProcessOf.size());
  for (int R = 0; R < Size; ++R) {
    auto [It, New] = Order.try_emplace(ProcessOf[R], static_cast<int>(Count.size()));
    if (New)
      Count.push_back(0);
    Group[R] = It->second;
    Member[R] = Count[It->second]++;
  }
  int PerProcess = Count.front();
  if (PerProcess == 1 ||
      std::any_of(Count.begin(), Count.end(), [&](int N) { return N != PerProcess; }))
    return Identity;
  std::vector<int> Box = bestBox(Grid, PerProcess);
  std::vector<int> Boxes(Grid.Dims.size()); // boxes along each dimension
  for (std::size_t I = 0; I < Boxes.size(); ++I)
    Boxes[I] = Grid.Dims[I] / Box[I];
  // Row-major coordinates of a process's box among the boxes, and of a rank in its box.
  const CartTopology BoxGrid{Boxes, Grid.Periods}, InBox{Box, Grid.Periods};
  std::vector<int> GridRank(ProcessOf.size());
  for (int R = 0; R < Size; ++R) {
    std::vector<int> At = BoxGrid.coordinatesOf(Group[R]), In = InBox.coordinatesOf(Member[R]);
    for (std::size_t I = 0; I < At.size(); ++I)
      At[I] = At[I] * Box[I] + In[I];
    GridRank[R] = Grid.rankAt(At);
  }
  return GridRank;
}

} // namespace bamboo::detail
