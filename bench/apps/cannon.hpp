// Cannon's matrix multiplication on a q x q grid of ranks: the data and kernels shared by the
// variants and the serial reference. No MPI here (see common.hpp).
//
// C = A * B with N x N matrices; rank (r, c) = r*q + c of the periodic grid's communicator
// (bench::make_grid) owns b x b blocks (b = N/q, so the rank count must be a square and N a
// multiple of q). The blocks start in Cannon's skewed layout
// (rank (r, c) holds A(r, r+c) and B(r+c, c), indices mod q), generated in place from the
// global formulas instead of shifted there: the skew is set-up, not part of a step.
// One step is one whole multiplication C += A*B: q rounds of (local block product, shift A one
// rank left and B one rank up); after q shifts the blocks are back where they started, so
// steps repeat without re-skewing. The entries are small integers, so every product and sum is
// exact in double precision and any summation order gives the same bits: C = steps * A*B.
#pragma once

#include "common.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>

namespace cannon {

constexpr const char *kApp = "cannon";
constexpr long kDefaultN = 1152; // a multiple of 24: q = 2, 4, 6, 8 all divide it

inline double a_value(long i, long j) { return static_cast<double>((i * 7 + j * 3) % 11 - 5); }
inline double b_value(long i, long j) { return static_cast<double>((i * 5 + j * 11) % 13 - 6); }

// q for a rank count, or 0 when it is not a square.
inline int grid_side(int ranks) {
  int q = static_cast<int>(std::lround(std::sqrt(static_cast<double>(ranks))));
  return q * q == ranks ? q : 0;
}

class Block {
public:
  Block(long N, int ranks, int rank) : N_(N), q_(grid_side(ranks)) {
    if (q_ == 0) bench::usage(kApp, "the rank count must be a square (Cannon's q x q grid)");
    if (N % q_ != 0) bench::usage(kApp, "--n must be a multiple of sqrt(ranks)");
    b_ = N / q_;
    row_ = rank / q_;
    col_ = rank % q_;
    std::size_t nn = static_cast<std::size_t>(b_ * b_);
    a_.resize(nn);
    b2_.resize(nn);
    c_.assign(nn, 0.0);
    an_.resize(nn);
    bn_.resize(nn);
    long k = (row_ + col_) % q_; // the skew
    for (long i = 0; i < b_; ++i)
      for (long j = 0; j < b_; ++j) {
        a_[at(i, j)] = a_value(row_ * b_ + i, k * b_ + j);
        b2_[at(i, j)] = b_value(k * b_ + i, col_ * b_ + j);
      }
  }

  int q() const { return q_; }
  int count() const { return static_cast<int>(b_ * b_); }
  long rows() const { return b_; }
  int left() const { return row_ * q_ + (col_ + q_ - 1) % q_; }
  int right() const { return row_ * q_ + (col_ + 1) % q_; }
  int up() const { return ((row_ + q_ - 1) % q_) * q_ + col_; }
  int down() const { return ((row_ + 1) % q_) * q_ + col_; }

  // Current blocks (read by the product and sent), and the buffers the next ones arrive in.
  double *a() { return a_.data(); }
  double *b() { return b2_.data(); }
  double *a_next() { return an_.data(); }
  double *b_next() { return bn_.data(); }
  void rotate() { // the received blocks become current
    std::swap(a_, an_);
    std::swap(b2_, bn_);
  }

  // C(rows i0..i1-1) += A(rows i0..i1-1) * B: i-k-j order, unit stride inner loop.
  void multiply(long i0, long i1) {
    const double *A = a_.data(), *B = b2_.data();
    double *C = c_.data();
    for (long i = i0; i < i1; ++i)
      for (long k = 0; k < b_; ++k) {
        const double aik = A[at(i, k)];
        const double *Bk = B + at(k, 0);
        double *Ci = C + at(i, 0);
        for (long j = 0; j < b_; ++j) Ci[j] += aik * Bk[j];
      }
  }
  void multiply() { multiply(0, b_); }
  // The multiply-adds of rows rows of the product: its units of work (--kernel-cost).
  double multiply_adds(long rows) const { return static_cast<double>(rows) * b_ * b_; }

  std::uint64_t checksum() const {
    std::uint64_t h = 0;
    for (long i = 0; i < b_; ++i)
      for (long j = 0; j < b_; ++j)
        h += bench::point_hash(
            static_cast<std::uint64_t>((row_ * b_ + i) * N_ + col_ * b_ + j), c_[at(i, j)]);
    return h;
  }

private:
  std::size_t at(long i, long j) const { return static_cast<std::size_t>(i * b_ + j); }

  long N_;
  int q_;
  long b_ = 0, row_ = 0, col_ = 0;
  std::vector<double> a_, b2_, c_, an_, bn_;
};

// The serial reference: C = A*B once by the plain triple loop, times the step count (exact).
inline std::uint64_t serial_checksum(const bench::Options &o) {
  const long N = o.n;
  std::vector<double> B(static_cast<std::size_t>(N * N)), row(static_cast<std::size_t>(N));
  for (long i = 0; i < N; ++i)
    for (long j = 0; j < N; ++j) B[static_cast<std::size_t>(i * N + j)] = b_value(i, j);
  std::uint64_t h = 0;
  for (long i = 0; i < N; ++i) {
    std::fill(row.begin(), row.end(), 0.0);
    for (long k = 0; k < N; ++k) {
      const double aik = a_value(i, k);
      const double *Bk = B.data() + k * N;
      for (long j = 0; j < N; ++j) row[static_cast<std::size_t>(j)] += aik * Bk[j];
    }
    for (long j = 0; j < N; ++j)
      h += bench::point_hash(static_cast<std::uint64_t>(i * N + j),
                             row[static_cast<std::size_t>(j)] * o.total());
  }
  return h;
}

} // namespace cannon
