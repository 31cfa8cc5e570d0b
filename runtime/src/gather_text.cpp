// gather_text.cpp - one report from every process, printed by process 0.
#include "gather_text.h"

#include <vector>

namespace bamboo::detail {

std::string gatherText(MPI_Comm Comm, const std::string &Mine) {
  int Size = 0, Rank = 0;
  MPI_Comm_size(Comm, &Size);
  MPI_Comm_rank(Comm, &Rank);
  int Length = static_cast<int>(Mine.size());
  std::vector<int> Lengths(Size), Offsets(Size);
  MPI_Gather(&Length, 1, MPI_INT, Lengths.data(), 1, MPI_INT, 0, Comm);
  int Total = 0;
  for (int P = 0; P < Size; ++P) {
    Offsets[P] = Total;
    Total += Lengths[P];
  }
  std::string All(Rank == 0 ? Total : 0, '\0');
  MPI_Gatherv(Mine.data(), Length, MPI_CHAR, All.data(), Lengths.data(), Offsets.data(), MPI_CHAR,
              0, Comm);
  return All;
}

} // namespace bamboo::detail
