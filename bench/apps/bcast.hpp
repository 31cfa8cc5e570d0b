// Broadcast in a loop: each step the root (rank 0) fills a message of n doubles from (step,
// index), every other rank receives it, and every rank folds it into an accumulator of its own.
// The communication is the whole point (issue 20: a hand-written broadcast, with and without
// collective detection); the computation is small: the root's fill and a few flops per element
// of the fold. The data and kernels shared by the variants and the serial reference; no MPI here.
//
// The fold is an expanding map (x -> frac(e x + b)), so a difference in any element of any
// step's message survives to the end instead of being halved away. Every rank holds the same
// accumulator; the answer is the checksum of all of them, each rank's at indices of its own
// (rank * n + i), so it verifies what every rank received, and it depends on the rank count:
// the serial reference computes it for --ranks P (bench::Options::ranks).
#pragma once

#include "common.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

namespace bcast {

constexpr const char *kApp = "bcast";
constexpr long kDefaultN = 1024; // 8 KiB per message
constexpr int kRoot = 0;
constexpr int kTag = 7;

// The root's message at a step: deterministic from (step, index).
inline void fill(int step, long n, double *buf) {
  const std::uint64_t seed = bench::mix(0xb0adca57ULL + static_cast<std::uint64_t>(step));
  for (long i = 0; i < n; ++i)
    buf[i] = bench::init_value(seed + static_cast<std::uint64_t>(i));
}

// One element of the fold: x and b in [0, 1), the result too; multiply, add, floor, subtract.
inline double fold_one(double x, double b) {
  const double y = 2.718281828459045 * x + b;
  return y - std::floor(y);
}

inline void fold(long n, const double *buf, double *acc) {
  for (long i = 0; i < n; ++i)
    acc[i] = fold_one(acc[i], buf[i]);
}

// A rank's share of the answer checksum.
inline std::uint64_t checksum(long n, int rank, const double *acc) {
  std::uint64_t sum = 0;
  const std::uint64_t first = static_cast<std::uint64_t>(rank) * static_cast<std::uint64_t>(n);
  for (long i = 0; i < n; ++i)
    sum += bench::point_hash(first + static_cast<std::uint64_t>(i), acc[i]);
  return sum;
}

// The steps on one rank, which every rank would compute, and its checksum as o.ranks ranks.
inline std::uint64_t serial_checksum(const bench::Options &o) {
  std::vector<double> buf(o.n), acc(o.n, 0.0);
  for (int step = 0; step < o.total(); ++step) {
    fill(step, o.n, buf.data());
    fold(o.n, buf.data(), acc.data());
  }
  std::uint64_t sum = 0;
  for (int r = 0; r < o.ranks; ++r)
    sum += checksum(o.n, r, acc.data());
  return sum;
}

} // namespace bcast
