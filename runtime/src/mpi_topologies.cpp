// mpi_topologies.cpp - Cartesian topologies over virtual ranks.
//
// A Cartesian communicator is a split of its parent that carries a CartTopology
// (cartesian.h): MPI_Cart_create keeps the first ranks of the parent, in order, or with
// `reorder` and BAMBOO_CART_REORDER=1 places each process's ranks as one compact box of the
// grid (grid_placement.h), and MPI_Cart_sub splits by the coordinates of the dimensions
// dropped. The queries are local arithmetic on the grid.
#include "bamboo/mpi.h"

#include "communicator_creation.h"
#include "grid_placement.h"

namespace bamboo::mpi {

using namespace detail;

namespace {

using Lock = std::lock_guard<std::mutex>;

// The grid of a Cartesian communicator; a fatal error for any other communicator.
const CartTopology &gridOf(Call &C, MPI_Comm Comm) {
  const Communicator &Cm = communicator(C, Comm);
  if (!Cm.Cart)
    callError(C, Cm.Name + " has no Cartesian topology");
  return *Cm.Cart;
}

// The grid that Dims and Periods describe, checked against a communicator of Size ranks.
CartTopology checkedGrid(Call &C, int NDims, const int Dims[], const int Periods[], int Size) {
  if (NDims < 0)
    callError(C, "invalid number of dimensions " + std::to_string(NDims));
  CartTopology Grid;
  long long Ranks = 1;
  for (int I = 0; I < NDims; ++I) {
    if (Dims[I] <= 0)
      callError(C, "dimension " + std::to_string(I) + " has invalid extent " +
                       std::to_string(Dims[I]));
    Grid.Dims.push_back(Dims[I]);
    Grid.Periods.push_back(Periods[I] != 0);
    Ranks *= Dims[I];
    if (Ranks > Size)
      break;
  }
  if (Ranks > Size)
    callError(C, "the grid has more ranks than the communicator (" + std::to_string(Size) + ")");
  return Grid;
}

// Rank's place in Grid when the ranks of Comm may be reordered: each process's ranks as one
// compact box (grid_placement.h). Every member computes the same from the same facts.
int placedRank(Call &C, const Communicator &Comm, const CartTopology &Grid, int Rank) {
  std::vector<int> ProcessOf(static_cast<std::size_t>(Comm.Size));
  for (int R = 0; R < Comm.Size; ++R)
    ProcessOf[static_cast<std::size_t>(R)] = C.Parts.Place.processOf(Comm.worldRankOf(R, C.Rank));
  return compactGridRanks(Grid, ProcessOf)[static_cast<std::size_t>(Rank)];
}

void checkDirection(Call &C, const CartTopology &Grid, int Direction) {
  if (Direction < 0 || Direction >= Grid.dimensions())
    callError(C, "invalid direction " + std::to_string(Direction) + " for a grid of " +
                     std::to_string(Grid.dimensions()) + " dimensions");
}

} // namespace

int Cart_create(MPI_Comm Comm, int NDims, const int Dims[], const int Periods[], int Reorder,
                MPI_Comm *NewComm, Where W) {
  Call C = enterBlocking("MPI_Cart_create", W);
  const Communicator &Parent = communicator(C, Comm);
  CartTopology Grid = checkedGrid(C, NDims, Dims, Periods, Parent.Size);
  int Rank = rankIn(C, Parent);
  int Color = Rank < Grid.size() ? 0 : MPI_UNDEFINED;
  int Key = Reorder && C.Parts.ReorderGrids ? placedRank(C, Parent, Grid, Rank) : Rank;
  return splitCommunicator(C, Comm, Color, Key, NewComm, std::move(Grid));
}

int Cart_sub(MPI_Comm Comm, const int RemainDims[], MPI_Comm *NewComm, Where W) {
  Call C = enterBlocking("MPI_Cart_sub", W);
  const CartTopology &Grid = gridOf(C, Comm);
  std::vector<bool> Remain(RemainDims, RemainDims + Grid.dimensions());
  int Rank = rankIn(C, communicator(C, Comm));
  // Ranks of one sub-grid keep their relative (row-major) order, which is the sub-grid's.
  return splitCommunicator(C, Comm, Grid.subgridOf(Rank, Remain), Rank, NewComm, Grid.keep(Remain));
}

int Cart_map(MPI_Comm Comm, int NDims, const int Dims[], const int Periods[], int *NewRank,
             Where W) {
  Call C = enter("MPI_Cart_map", W);
  const Communicator &Cm = communicator(C, Comm);
  CartTopology Grid = checkedGrid(C, NDims, Dims, Periods, Cm.Size);
  int Rank = rankIn(C, Cm);
  // Where MPI_Cart_create with reorder places the rank.
  *NewRank = Rank >= Grid.size()    ? MPI_UNDEFINED
             : C.Parts.ReorderGrids ? placedRank(C, Cm, Grid, Rank)
                                    : Rank;
  return MPI_SUCCESS;
}

int Cartdim_get(MPI_Comm Comm, int *NDims, Where W) {
  Call C = enter("MPI_Cartdim_get", W);
  *NDims = gridOf(C, Comm).dimensions();
  return MPI_SUCCESS;
}

int Cart_get(MPI_Comm Comm, int MaxDims, int Dims[], int Periods[], int Coords[], Where W) {
  Call C = enter("MPI_Cart_get", W);
  const CartTopology &Grid = gridOf(C, Comm);
  std::vector<int> Mine = Grid.coordinatesOf(rankIn(C, communicator(C, Comm)));
  for (int I = 0; I < std::min(MaxDims, Grid.dimensions()); ++I) {
    Dims[I] = Grid.Dims[I];
    Periods[I] = Grid.Periods[I];
    Coords[I] = Mine[I];
  }
  return MPI_SUCCESS;
}

int Cart_coords(MPI_Comm Comm, int Rank, int MaxDims, int Coords[], Where W) {
  Call C = enter("MPI_Cart_coords", W);
  const CartTopology &Grid = gridOf(C, Comm);
  if (Rank < 0 || Rank >= Grid.size())
    callError(C, "invalid rank " + std::to_string(Rank) + " for a grid of " +
                     std::to_string(Grid.size()) + " ranks");
  std::vector<int> Of = Grid.coordinatesOf(Rank);
  for (int I = 0; I < std::min(MaxDims, Grid.dimensions()); ++I)
    Coords[I] = Of[I];
  return MPI_SUCCESS;
}

int Cart_rank(MPI_Comm Comm, const int Coords[], int *Rank, Where W) {
  Call C = enter("MPI_Cart_rank", W);
  const CartTopology &Grid = gridOf(C, Comm);
  int At = Grid.rankAt(std::vector<int>(Coords, Coords + Grid.dimensions()));
  if (At == MPI_PROC_NULL)
    callError(C, "coordinates outside a non-periodic dimension of the grid");
  *Rank = At;
  return MPI_SUCCESS;
}

int Cart_shift(MPI_Comm Comm, int Direction, int Disp, int *Source, int *Dest, Where W) {
  Call C = enter("MPI_Cart_shift", W);
  const CartTopology &Grid = gridOf(C, Comm);
  checkDirection(C, Grid, Direction);
  Grid.shift(rankIn(C, communicator(C, Comm)), Direction, Disp, *Source, *Dest);
  return MPI_SUCCESS;
}

int Topo_test(MPI_Comm Comm, int *Status, Where W) {
  Call C = enter("MPI_Topo_test", W);
  *Status = communicator(C, Comm).Cart ? MPI_CART : MPI_UNDEFINED;
  return MPI_SUCCESS;
}

} // namespace bamboo::mpi
