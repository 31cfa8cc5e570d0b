// tally.cpp - the out-of-line parts of Tally.
#include "tally.h"
#include "collectives.h"

#include <cstdio>
#include <string>
#include <vector>

int Tally::created = 10;

void Tally::report(MPI_Comm comm, int world_rank) const {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  std::vector<int> counts(rank == 0 ? size : 1, 0);
  MPI_Gather(&local_, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm);
  if (rank != 0)
    return;
  std::string line;
  for (int c : counts)
    line += " " + std::to_string(c);
  std::printf("rank %d: tally %s over %d ranks:%s\n", world_rank, name_, size, line.c_str());
}

int Tally::largest(MPI_Comm comm) const { return global_max(local_, MPI_INT, comm); }
