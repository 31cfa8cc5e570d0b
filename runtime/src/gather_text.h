// gather_text.h - one report from every process, printed by process 0.
#pragma once

#include <mpi.h>

#include <string>

namespace bamboo::detail {

// Collective over Comm: process 0 gets every process's Text, in process order; others "".
std::string gatherText(MPI_Comm Comm, const std::string &Text);

} // namespace bamboo::detail
