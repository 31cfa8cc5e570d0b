// Gather in a loop: each step every rank fills a contribution of n doubles, deterministic from
// (step, rank), every rank but the root sends it to the root (rank 0), and the root folds the P
// contributions, in rank order, into an accumulator. The communication is the whole point
// (issue 20: a hand-written gather, the pattern docs/collective-detection.md designs detection
// for and does not build; this measures what that would be for); the computation is small:
// every rank's fill and a few flops per element of the root's fold. The data and kernels shared
// by the variants and the serial reference; no MPI here.
//
// The fold is bcast's expanding map, so every element of every contribution of every step
// counts in the end. The answer is the root's accumulator's checksum; it depends on the rank
// count, so the serial reference computes it for --ranks P (bench::Options::ranks).
#pragma once

#include "bcast.hpp"
#include "common.hpp"

#include <cstdint>
#include <vector>

namespace gather {

constexpr const char *kApp = "gather";
constexpr long kDefaultN = 128; // 1 KiB per contribution
constexpr int kRoot = 0;
constexpr int kTag = 11;

// The contribution of a rank at a step.
inline void contribution(int step, int rank, long n, double *out) {
  std::uint64_t seed = bench::mix(0x6a7e5ULL + static_cast<std::uint64_t>(step));
  seed = bench::mix(seed ^ static_cast<std::uint64_t>(rank));
  for (long i = 0; i < n; ++i)
    out[i] = bench::init_value(seed + static_cast<std::uint64_t>(i));
}

// The gathered contributions, rank s's at in + s * n (MPI_Gather's layout), folded in rank order.
inline void fold(int ranks, long n, const double *in, double *acc) {
  for (int s = 0; s < ranks; ++s)
    bcast::fold(n, in + s * n, acc);
}

inline std::uint64_t checksum(long n, const double *acc) {
  return bcast::checksum(n, kRoot, acc);
}

// The root's steps, with every rank's contribution computed in turn, for o.ranks ranks.
inline std::uint64_t serial_checksum(const bench::Options &o) {
  std::vector<double> in(o.n), acc(o.n, 0.0);
  for (int step = 0; step < o.total(); ++step)
    for (int s = 0; s < o.ranks; ++s) {
      contribution(step, s, o.n, in.data());
      bcast::fold(o.n, in.data(), acc.data());
    }
  return checksum(o.n, acc.data());
}

} // namespace gather
