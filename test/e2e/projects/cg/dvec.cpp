// dvec.cpp - block distribution of a DistVector over the ranks of a communicator.
#include "dvec.h"
#include "comm.h"

#include <algorithm>

int DistVector::allocated = 0;

void DistVector::setup(int global_n, MPI_Comm comm) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  comm_ = comm;
  n_global_ = global_n;
  n_local_ = global_n / size + (rank < global_n % size ? 1 : 0);
  offset_ = rank * (global_n / size) + std::min(rank, global_n % size);
  left_ = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  right_ = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  v_.assign(n_local_ + 2, 0.0);
  ++allocated;
}

long long DistVector::fingerprint() const {
  long long local = 0;
  for (int i = 0; i < n_local_; ++i)
    local += std::llround(1000.0 * v_[i + 1]) * (offset_ + i + 1);
  return sum_over_ranks(local, MPI_LONG_LONG, comm_);
}
