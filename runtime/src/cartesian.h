// cartesian.h - a Cartesian process grid: ranks <-> coordinates, shifts.
//
// MPI numbers the ranks of a grid in row-major order (the last dimension varies fastest).
// Which rank of the old communicator takes which rank of the grid is MPI_Cart_create's
// choice (grid_placement.h).
#pragma once

#include <vector>

namespace bamboo::detail {

struct CartTopology {
  std::vector<int> Dims;
  std::vector<bool> Periods;

  int dimensions() const { return static_cast<int>(Dims.size()); }
  // The number of ranks of the grid (1 for zero dimensions).
  int size() const;
  // The coordinates of a rank of the grid.
  std::vector<int> coordinatesOf(int Rank) const;
  // The rank at Coords; coordinates outside a periodic dimension wrap around. MPI_PROC_NULL
  // when a coordinate is outside a non-periodic dimension.
  int rankAt(std::vector<int> Coords) const;
  // MPI_Cart_shift: the ranks Disp steps before and after Rank along Direction, or
  // MPI_PROC_NULL past the edge of a non-periodic dimension.
  void shift(int Rank, int Direction, int Disp, int &Source, int &Dest) const;
  // MPI_Cart_sub: the grid of the dimensions kept, and which sub-grid Rank falls into (the
  // row-major index of its coordinates in the dropped dimensions).
  CartTopology keep(const std::vector<bool> &Remain) const;
  int subgridOf(int Rank, const std::vector<bool> &Remain) const;

  bool operator==(const CartTopology &) const = default;
};

} // namespace bamboo::detail
