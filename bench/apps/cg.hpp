// Conjugate gradients for the 2D Poisson problem (5-point Laplacian, zero Dirichlet boundary)
// on an N^2 grid: the data and kernels shared by the variants and the serial reference. No MPI
// here (see common.hpp).
//
// Each rank owns a block of N/P whole rows, its two neighbours' edge rows in ghost arrays of
// their own (zero on the global boundary). The iteration computes the matrix-vector product
// of the residual, s = A r, and gets q = A p from the recurrence q = s + beta q: the halo to
// exchange is r's, and the update of x, the dot product r.r and the update of p do not read it.
// That is the work a hand-overlapped code runs while r's halo travels (the variants' sources).
//
// Every decomposition computes bit-identical values, which the checksum verifies: pointwise
// updates are fixed expressions, and a dot product is a sum of kChunks row-chunk sums, each
// summed in global order within one rank and reduced exactly (every other rank contributes
// +0.0 to a chunk), then added in chunk order.
#pragma once

#include "common.hpp"

#include <cstdint>

namespace cg {

constexpr const char *kApp = "cg";
constexpr long kDefaultN = 1024;
constexpr int kChunks = 64; // N and the rank count must divide into whole chunks
constexpr int kNone = -1;   // no neighbour: the edge is on the global boundary

// The rows [first, first + count) of an n-column grid, and the ranks that own the rows above
// and below.
struct Rows {
  long n, first, count;
  int up, down;
};

inline Rows rows(const char *app, long n, int ranks, int rank) {
  if (n % kChunks != 0 || kChunks % ranks != 0)
    bench::usage(app, "--n must be a multiple of 64 and the rank count a divisor of 64");
  long per = n / ranks;
  return Rows{n, rank * per, per, rank > 0 ? rank - 1 : kNone,
              rank + 1 < ranks ? rank + 1 : kNone};
}

// The right-hand side, and the starting point x = 0, r = p = b.
inline void init(const Rows &g, double *x, double *r, double *p) {
  for (long i = 0; i < g.count * g.n; ++i) {
    x[i] = 0.0;
    r[i] = bench::init_value(static_cast<std::uint64_t>(g.first * g.n + i));
    p[i] = r[i];
  }
}

// One row of out = A v: row's points, with the rows above and below it.
inline void stencil_row(long n, const double *above, const double *row, const double *below,
                        double *out) {
  if (n == 1) {
    out[0] = 4.0 * row[0] - above[0] - below[0];
    return;
  }
  out[0] = 4.0 * row[0] - above[0] - below[0] - row[1];
  for (long j = 1; j + 1 < n; ++j)
    out[j] = 4.0 * row[j] - above[j] - below[j] - row[j - 1] - row[j + 1];
  out[n - 1] = 4.0 * row[n - 1] - above[n - 1] - below[n - 1] - row[n - 2];
}

// out = A v, with the rows above and below the block in up and down.
inline void apply(const Rows &g, const double *v, const double *up, const double *down,
                  double *out) {
  const long n = g.n, m = g.count;
  if (m == 1) {
    stencil_row(n, up, v, down, out);
    return;
  }
  stencil_row(n, up, v, v + n, out);
  for (long i = 1; i + 1 < m; ++i)
    stencil_row(n, v + (i - 1) * n, v + i * n, v + (i + 1) * n, out + i * n);
  stencil_row(n, v + (m - 2) * n, v + (m - 1) * n, down, out + (m - 1) * n);
}

// y += a * v over len points.
inline void axpy(long len, double a, const double *v, double *y) {
  for (long i = 0; i < len; ++i)
    y[i] += a * v[i];
}

// y = v + b * y over len points.
inline void xpay(long len, const double *v, double b, double *y) {
  for (long i = 0; i < len; ++i)
    y[i] = v[i] + b * y[i];
}

// This rank's share of a.b: the sums of its row chunks, in their slots of chunks (kChunks
// slots, the others +0.0).
inline void chunk_sums(const Rows &g, const double *a, const double *b, double *chunks) {
  const long per = g.n / kChunks; // rows per chunk
  for (int k = 0; k < kChunks; ++k)
    chunks[k] = 0.0;
  for (long c = g.first / per; c < (g.first + g.count) / per; ++c) {
    double s = 0.0;
    for (long i = (c * per - g.first) * g.n; i < ((c + 1) * per - g.first) * g.n; ++i)
      s += a[i] * b[i];
    chunks[c] = s;
  }
}

// The dot product from the reduced chunk sums, in chunk order.
inline double ordered_sum(const double *chunks) {
  double s = 0.0;
  for (int k = 0; k < kChunks; ++k)
    s += chunks[k] + 0.0; // as the reduction leaves it (-0.0 + 0.0 is +0.0)
  return s;
}

inline std::uint64_t checksum(const Rows &g, const double *x) {
  std::uint64_t sum = 0;
  for (long i = 0; i < g.count * g.n; ++i)
    sum += bench::point_hash(static_cast<std::uint64_t>(g.first * g.n + i), x[i]);
  return sum;
}

// The reference: the same iteration on one rank.
inline std::uint64_t serial_checksum(const bench::Options &o) {
  const Rows g = rows(kApp, o.n, 1, 0);
  const long len = g.count * g.n;
  double *x = new double[len], *r = new double[len], *p = new double[len];
  double *q = new double[len], *s = new double[len], *zero = new double[g.n]();
  double chunks[kChunks];
  init(g, x, r, p);
  apply(g, p, zero, zero, q);
  chunk_sums(g, r, r, chunks);
  double rr = ordered_sum(chunks);
  for (int step = 0; step < o.total(); ++step) {
    chunk_sums(g, p, q, chunks);
    const double alpha = rr / ordered_sum(chunks);
    axpy(len, alpha, p, x);
    axpy(len, -alpha, q, r);
    apply(g, r, zero, zero, s);
    chunk_sums(g, r, r, chunks);
    const double rr_next = ordered_sum(chunks);
    const double beta = rr_next / rr;
    rr = rr_next;
    xpay(len, r, beta, p);
    xpay(len, s, beta, q);
  }
  std::uint64_t sum = checksum(g, x);
  delete[] x, delete[] r, delete[] p, delete[] q, delete[] s, delete[] zero;
  return sum;
}

} // namespace cg
