// group.h - process groups: lists of world virtual ranks behind MPI_Group handles.
//
// Groups are local to a rank in MPI; here a group is the list of the world virtual ranks of
// its members, in group rank order. Its handle is a real MPI group (a one-member group of
// MPI_COMM_SELF, made for it), for the reason communicators have real handles: a value that MPI
// gives to no other group while it lives, whatever MPI's handles are (integers in MPICH,
// pointers in Open MPI). MPI_GROUP_EMPTY is MPI's own, and stands for every empty group.
#pragma once

#include "wait_site.h"

#include <mpi.h>

#include <unordered_map>
#include <vector>

namespace bamboo::detail {

class GroupTable {
public:
  void shutdown();
  // A handle for a group of these members: MPI_GROUP_EMPTY when there are none. Under the
  // engine lock.
  MPI_Group add(std::vector<int> Members);
  // The members of a group; a fatal error naming the call site for MPI_GROUP_NULL or a handle
  // that is not a group. Under the engine lock.
  const std::vector<int> &lookup(MPI_Group Handle, const WaitSite &Site) const;
  // Frees a handle of add() (MPI_GROUP_EMPTY stays). Under the engine lock.
  void remove(MPI_Group Handle);

private:
  MPI_Group Origin = MPI_GROUP_NULL; // MPI_COMM_SELF's group, from which handles are made
  std::unordered_map<MPI_Group, std::vector<int>> Groups;
};

} // namespace bamboo::detail
