// All-to-all in a loop: each step every rank sends a different block of n doubles to every rank
// (its own included: MPI_Alltoall's block to itself), deterministic from (step, source,
// destination), and folds the P blocks it receives, in source order, into an accumulator of its
// own. The communication is the whole point (issue 20: a hand-written all-to-all, with and
// without collective detection); the computation is small: filling the P outgoing blocks and a
// few flops per received element. The data and kernels shared by the variants and the serial
// reference; no MPI here.
//
// The fold is bcast's expanding map, so every element of every block of every step counts in
// the end. The answer is the checksum of every rank's accumulator at indices of its own
// (rank * n + i); it depends on the rank count, so the serial reference computes it for
// --ranks P (bench::Options::ranks).
#pragma once

#include "bcast.hpp"
#include "common.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace alltoall {

constexpr const char *kApp = "alltoall";
constexpr long kDefaultN = 128; // 1 KiB per pair of ranks
constexpr int kTag = 9;

// The block that source sends to dest at a step.
inline void block(int step, int source, int dest, long n, double *out) {
  std::uint64_t seed = bench::mix(0xa11a11ULL + static_cast<std::uint64_t>(step));
  seed = bench::mix(seed ^ static_cast<std::uint64_t>(source));
  seed = bench::mix(seed ^ (static_cast<std::uint64_t>(dest) << 32));
  for (long i = 0; i < n; ++i)
    out[i] = bench::init_value(seed + static_cast<std::uint64_t>(i));
}

// A rank's outgoing blocks, the one for rank d at out + d * n (MPI_Alltoall's layout).
inline void fill(int step, int rank, int ranks, long n, double *out) {
  for (int d = 0; d < ranks; ++d)
    block(step, rank, d, n, out + d * n);
}

// The received blocks, the one from rank s at in + s * n, folded in source order.
inline void fold(int ranks, long n, const double *in, double *acc) {
  for (int s = 0; s < ranks; ++s)
    bcast::fold(n, in + s * n, acc);
}

inline std::uint64_t checksum(long n, int rank, const double *acc) {
  return bcast::checksum(n, rank, acc);
}

// Every rank's steps in turn, for o.ranks ranks.
inline std::uint64_t serial_checksum(const bench::Options &o) {
  std::vector<double> in(o.n), acc(o.n);
  std::uint64_t sum = 0;
  for (int d = 0; d < o.ranks; ++d) {
    std::fill(acc.begin(), acc.end(), 0.0);
    for (int step = 0; step < o.total(); ++step)
      for (int s = 0; s < o.ranks; ++s) {
        block(step, s, d, o.n, in.data());
        bcast::fold(o.n, in.data(), acc.data());
      }
    sum += checksum(o.n, d, acc.data());
  }
  return sum;
}

} // namespace alltoall
