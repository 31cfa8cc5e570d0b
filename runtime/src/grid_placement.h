// grid_placement.h - where MPI_Cart_create puts the ranks of a grid when it may reorder them:
// the virtual ranks of one process as one compact box of the grid (docs/runtime.md,
// "Cartesian topologies").
//
// A process holds consecutive world ranks (remote.h), and MPI numbers a grid row-major with
// its dimensions largest first (MPI_Dims_create), so in rank order a process's k ranks lie
// along the last, shortest dimension: a slab, whose halos to other processes are the largest
// a box of k ranks can have. 3D Jacobi at VF=2 on 512 simulated cores (a 16 x 8 x 8 rank
// grid) sent 1.6x the bytes of MPI's cube between nodes and took 0.103 ms a step; with the
// process's two ranks along the longest dimension, 0.063 (docs/scale.md).
//
// The box is chosen for a domain of equal extent in every dimension, the assumption that
// MPI_Dims_create's balanced grid makes too: it minimises the cuts between processes'
// boxes, and among boxes that cut as much, it takes the one block placement would give, so
// that reordering changes nothing where it gains nothing (one rank a process, a grid the
// processes' slabs tile as well as any box).
#pragma once

#include "cartesian.h"

#include <vector>

namespace bamboo::detail {

// The grid rank of each rank of a communicator whose ranks fill Grid exactly, given the
// process of each (ProcessOf[r]); every rank computes the same from the same arguments. The
// ranks of each process, in rank order, fill one box of the grid in row-major order, and the
// boxes are laid out row-major in the order the processes first appear. The identity when
// the processes do not hold equally many ranks, or the grid is not the whole communicator.
std::vector<int> compactGridRanks(const CartTopology &Grid, const std::vector<int> &ProcessOf);

} // namespace bamboo::detail
