// Produce and exchange: each step every cell of a periodic 1D array computes a new value (an
// expensive, pointwise kernel), then takes the mean with the cell half the array away. Ranks
// own equal blocks; the cell half the array away is at the same offset of the partner rank,
// (rank + P/2) mod P, so each step a rank sends its whole block of new values to its partner
// and receives the partner's: a loop that fills a send buffer, then the send. That is what
// strip mining overlaps (docs/reorder.md): the block leaves in parts while the loop computes
// the rest. The data and kernels shared by the variants and the serial reference; no MPI here.
#pragma once

#include "common.hpp"

#include <cstdint>
#include <vector>

namespace produce {

constexpr const char *kApp = "produce";
constexpr long kDefaultN = 1L << 18;
constexpr int kWork = 96; // iterations of the kernel per cell and step

struct Block {
  long n, first, count;
  int partner;
};

inline Block block(const char *app, long n, int ranks, int rank) {
  if (ranks > 1 && (ranks % 2 != 0 || n % ranks != 0))
    bench::usage(app, "the rank count must be even (or 1) and divide --n");
  if (n % 2 != 0)
    bench::usage(app, "--n must be even");
  long per = n / ranks;
  return Block{n, rank * per, per, (rank + ranks / 2) % ranks};
}

// The kernel: a fixed sequence of operations on one value, the same in every variant.
inline double kernel(double v, int step) {
  double x = v + 1e-3 * step;
  for (int k = 0; k < kWork; ++k)
    x = 0.5 * x + 1.0 / (1.0 + x * x);
  return x;
}

inline void init(const Block &b, double *v) {
  for (long i = 0; i < b.count; ++i)
    v[i] = bench::init_value(static_cast<std::uint64_t>(b.first + i));
}

inline std::uint64_t checksum(const Block &b, const double *v) {
  std::uint64_t sum = 0;
  for (long i = 0; i < b.count; ++i)
    sum += bench::point_hash(static_cast<std::uint64_t>(b.first + i), v[i]);
  return sum;
}

inline std::uint64_t serial_checksum(const bench::Options &o) {
  const Block b = block(kApp, o.n, 1, 0);
  std::vector<double> v(b.n), w(b.n);
  init(b, v.data());
  const long half = b.n / 2;
  for (int step = 0; step < o.total(); ++step) {
    for (long c = 0; c < b.n; ++c)
      w[c] = kernel(v[c], step);
    for (long c = 0; c < b.n; ++c)
      v[c] = 0.5 * (w[c] + w[(c + half) % b.n]);
  }
  return checksum(b, v.data());
}

} // namespace produce
