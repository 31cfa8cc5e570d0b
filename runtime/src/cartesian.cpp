// cartesian.cpp - the arithmetic of Cartesian process grids.
#include "cartesian.h"

#include <mpi.h>

namespace bamboo::detail {

int CartTopology::size() const {
  int N = 1;
  for (int D : Dims)
    N *= D;
  return N;
}

std::vector<int> CartTopology::coordinatesOf(int Rank) const {
  std::vector<int> Coords(Dims.size());
  for (int I = dimensions() - 1; I >= 0; --I) {
    Coords[I] = Rank % Dims[I];
    Rank /= Dims[I];
  }
  return Coords;
}

int CartTopology::rankAt(std::vector<int> Coords) const {
  int Rank = 0;
  for (int I = 0; I < dimensions(); ++I) {
    int C = Coords[I];
    if (Periods[I])
      C = ((C % Dims[I]) + Dims[I]) % Dims[I];
    else if (C < 0 || C >= Dims[I])
      return MPI_PROC_NULL;
    Rank = Rank * Dims[I] + C;
  }
  return Rank;
}

void CartTopology::shift(int Rank, int Direction, int Disp, int &Source, int &Dest) const {
  std::vector<int> Coords = coordinatesOf(Rank);
  std::vector<int> Ahead = Coords, Behind = Coords;
  Ahead[Direction] += Disp;
  Behind[Direction] -= Disp;
  Dest = rankAt(Ahead);
  Source = rankAt(Behind);
}

CartTopology CartTopology::keep(const std::vector<bool> &Remain) const {
  CartTopology Sub;
  for (int I = 0; I < dimensions(); ++I)
    if (Remain[I]) {
      Sub.Dims.push_back(Dims[I]);
      Sub.Periods.push_back(Periods[I]);
    }
  return Sub;
}

int CartTopology::subgridOf(int Rank, const std::vector<bool> &Remain) const {
  std::vector<int> Coords = coordinatesOf(Rank);
  int Index = 0;
  for (int I = 0; I < dimensions(); ++I)
    if (!Remain[I])
      Index = Index * Dims[I] + Coords[I];
  return Index;
}

} // namespace bamboo::detail
