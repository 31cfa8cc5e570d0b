// grid_placement_test.cpp - MPI_Cart_create's placement with reorder: each process's ranks as
// one compact box of the grid, and block placement wherever a box gains nothing.
#include "grid_placement.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>

using namespace bamboo::detail;

namespace {
CartTopology grid(std::vector<int> Dims, bool Periodic = false) {
  CartTopology G;
  G.Periods.assign(Dims.size(), Periodic);
  G.Dims = std::move(Dims);
  return G;
}

// Block placement: K consecutive ranks a process.
std::vector<int> blocks(int Ranks, int K) {
  std::vector<int> P(static_cast<std::size_t>(Ranks));
  for (int R = 0; R < Ranks; ++R)
    P[static_cast<std::size_t>(R)] = R / K;
  return P;
}

std::vector<int> identity(int N) {
  std::vector<int> V(static_cast<std::size_t>(N));
  std::iota(V.begin(), V.end(), 0);
  return V;
}

// The extent of the box that process P's ranks occupy, per dimension.
std::vector<int> boxOf(const CartTopology &G, const std::vector<int> &Placed,
                       const std::vector<int> &ProcessOf, int P) {
  std::vector<int> Lo(G.Dims), Hi(G.Dims.size(), -1);
  for (std::size_t R = 0; R < Placed.size(); ++R) {
    if (ProcessOf[R] != P)
      continue;
    std::vector<int> C = G.coordinatesOf(Placed[R]);
    for (std::size_t I = 0; I < C.size(); ++I) {
      Lo[I] = std::min(Lo[I], C[I]);
      Hi[I] = std::max(Hi[I], C[I]);
    }
  }
  std::vector<int> Extent(G.Dims.size());
  for (std::size_t I = 0; I < Extent.size(); ++I)
    Extent[I] = Hi[I] - Lo[I] + 1;
  return Extent;
}

void expectPermutation(const std::vector<int> &Placed) {
  std::set<int> Seen(Placed.begin(), Placed.end());
  EXPECT_EQ(Seen.size(), Placed.size());
  EXPECT_EQ(*Seen.begin(), 0);
  EXPECT_EQ(*Seen.rbegin(), static_cast<int>(Placed.size()) - 1);
}

// Places the ranks of ProcessOf in G and expects a permutation in which every process's ranks
// fill a box of extent Box; returns the placement.
std::vector<int> expectBoxes(const CartTopology &G, const std::vector<int> &ProcessOf,
                             const std::vector<int> &Box) {
  std::vector<int> Placed = compactGridRanks(G, ProcessOf);
  expectPermutation(Placed);
  for (int P : std::set<int>(ProcessOf.begin(), ProcessOf.end()))
    EXPECT_EQ(boxOf(G, Placed, ProcessOf, P), Box) << "process " << P;
  return Placed;
}
} // namespace

// The case that motivated it: 3D Jacobi at VF=2 on 512 processes, a 16 x 8 x 8 rank grid.
// Block placement puts a process's two ranks along the last dimension (8), a 1 x 1 x 2 slab;
// the two go along the first (16) instead, and every process's box is a cube of the domain.
TEST(GridPlacement, TwoRanksAProcessGoAlongTheLongestDimension) {
  CartTopology G = grid({16, 8, 8});
  std::vector<int> Placed = expectBoxes(G, blocks(1024, 2), {2, 1, 1});
  // Boxes are laid out row-major in process order; within a box, the ranks row-major.
  EXPECT_EQ(Placed[0], G.rankAt({0, 0, 0}));
  EXPECT_EQ(Placed[1], G.rankAt({1, 0, 0}));
  EXPECT_EQ(Placed[2], G.rankAt({0, 0, 1}));
  EXPECT_EQ(Placed[2 * 64], G.rankAt({2, 0, 0}));
}

TEST(GridPlacement, FourRanksAProcessMakeTheSquarestBox) {
  // 8 x 4 x 4 with 4 ranks a process: 2 x 2 x 1 cuts the domain 3 + 1 + 3 = 7 times, the slab
  // 1 x 1 x 4 7 + 3 = 10 times, 4 x 1 x 1 1 + 3 + 3 = 7: the tie goes to the longer sides last.
  expectBoxes(grid({8, 4, 4}), blocks(128, 4), {2, 1, 2});
}

TEST(GridPlacement, BlockPlacementStaysWhereABoxGainsNothing) {
  // One rank a process; a cube of processes whose slabs cut as much as any box; one process.
  EXPECT_EQ(compactGridRanks(grid({8, 8, 8}), blocks(512, 1)), identity(512));
  EXPECT_EQ(compactGridRanks(grid({8, 8, 8}), blocks(512, 2)), identity(512));
  EXPECT_EQ(compactGridRanks(grid({2, 2}), blocks(4, 2)), identity(4));
  EXPECT_EQ(compactGridRanks(grid({4, 2}), blocks(8, 8)), identity(8));
  EXPECT_EQ(compactGridRanks(grid({}), blocks(1, 1)), identity(1));
}

TEST(GridPlacement, PeriodicDimensionsCountTheCutThatWrapsAround) {
  // 4 x 2 with 2 ranks a process. Open: 2 x 1 boxes cut the domain 1 + 1 times, 1 x 2 slabs 3
  // times, so the boxes win. Periodic: the boxes cut 2 + 2 times, the slabs 4 (each wraps
  // round inside its process): a tie, and block placement stays.
  expectBoxes(grid({4, 2}), blocks(8, 2), {2, 1});
  EXPECT_EQ(compactGridRanks(grid({4, 2}, /*Periodic=*/true), blocks(8, 2)), identity(8));
}

TEST(GridPlacement, UnevenProcessesOrAPartialGridKeepTheirOrder) {
  // Processes of 2, 2 and 4 ranks; a grid smaller than the communicator.
  EXPECT_EQ(compactGridRanks(grid({4, 2}), {0, 0, 1, 1, 2, 2, 2, 2}), identity(8));
  EXPECT_EQ(compactGridRanks(grid({2, 2}), blocks(6, 2)), identity(6));
}

TEST(GridPlacement, ProcessesNeedNotHoldConsecutiveRanks) {
  // A communicator whose ranks alternate between two processes (a split by parity, say): each
  // process's ranks still make one box, in the order the processes first appear.
  std::vector<int> Placed = expectBoxes(grid({4, 2}), {5, 3, 5, 3, 5, 3, 5, 3}, {2, 2});
  EXPECT_EQ(Placed[0], 0); // process 5 first: the first box, row-major inside it
  EXPECT_EQ(Placed[2], 1);
  EXPECT_EQ(Placed[1], 4);
}
