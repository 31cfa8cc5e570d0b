// communicator_creation.h - making communicators: agreeing on a context id, registering them.
//
// A new communicator needs a context id that every member agrees on and that no other
// communicator of any member uses. Each rank keeps the lowest id it may still give
// (RankTask::NextContext); a creation takes the maximum over the ranks that take part, so the
// new ids are above every id any member has used, and every member moves its own mark past
// them. Two communicators with disjoint members may share an id: matching is per rank.
#pragma once

#include "collective_support.h"

#include <optional>
#include <vector>

namespace bamboo::detail {

// MPI_Comm_split of Parent; the new communicators get the topology Cart (MPI_Comm_dup,
// MPI_Cart_create and MPI_Cart_sub are splits). Collective over Parent.
int splitCommunicator(Call C, MPI_Comm Parent, int Color, int Key, MPI_Comm *NewComm,
                      std::optional<CartTopology> Cart = std::nullopt);

// MPI_Comm_create_group: the communicator of Members (world ranks in the new rank order, the
// caller among them, all members of Parent). Collective over Members only.
int createCommunicatorOf(Call C, MPI_Comm Parent, std::vector<int> Members, MPI_Comm *NewComm);

} // namespace bamboo::detail
