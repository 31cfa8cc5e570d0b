// 2D Jacobi, 5-point stencil, on an N^2 grid with fixed (Dirichlet) boundary values: the data
// and kernels shared by the variants and the serial reference. No MPI here (see common.hpp).
//
// Each rank owns a block of a px*py process grid (balanced factors of the rank count,
// rank = cx*py + cy, as MPI_Cart_create would number them), stored with a halo of one point on
// every side. Points on the global boundary live in the halos of the edge blocks and never
// change. A point's update is one fixed expression, so every decomposition computes
// bit-identical values, which the checksum verifies.
#pragma once

#include "common.hpp"

#include <array>
#include <cstddef>
#include <utility>

namespace jacobi2d {

constexpr const char *kApp = "jacobi2d";
constexpr long kDefaultN = 2048; // balanced at 100 Mbit/s, 2 procs (bench/run)
constexpr int kFaces = 4; // -x, +x, -y, +y; the opposite of face f is f ^ 1
constexpr int kNone = -1; // no neighbour: the face is on the global boundary

using Box = std::array<std::array<long, 2>, 2>; // inclusive local [lo, hi] per dimension

class Block {
public:
  Block(long N, int ranks, int rank) : N_(N) {
    auto d = bench::dims_create(ranks, 2);
    if (N < d[0]) bench::usage(kApp, "--n is smaller than the process grid");
    int c[2] = {rank / d[1], rank % d[1]};
    for (int k = 0; k < 2; ++k) {
      r_[k] = bench::block(N, d[k], c[k]);
      n_[k] = r_[k].count;
    }
    sx_ = n_[1] + 2;
    for (int f = 0; f < kFaces; ++f) {
      int k = f / 2;
      int cc[2] = {c[0], c[1]};
      cc[k] += f % 2 ? 1 : -1;
      nbr_[f] = cc[k] >= 0 && cc[k] < d[k] ? cc[0] * d[1] + cc[1] : kNone;
      std::size_t face = nbr_[f] == kNone ? 0 : static_cast<std::size_t>(n_[1 - k]);
      send_[f].assign(face, 0.0);
      recv_[f].assign(face, 0.0);
    }
    u_.resize(static_cast<std::size_t>((n_[0] + 2) * sx_));
    for (long i = 0; i < n_[0] + 2; ++i)
      for (long j = 0; j < n_[1] + 2; ++j)
        u_[at(i, j)] = bench::init_value(global_index(i, j));
    v_ = u_; // the boundary halos must hold the fixed values in both arrays
  }

  long rows() const { return n_[0]; }
  long cols() const { return n_[1]; }
  int neighbour(int f) const { return nbr_[f]; }
  double *send_buffer(int f) { return send_[f].data(); }
  double *recv_buffer(int f) { return recv_[f].data(); }
  int face_count(int f) const { return static_cast<int>(send_[f].size()); }

  // Copies the owned points next to face f into its send buffer / the received points into
  // the halo behind face f.
  void pack(int f) { face_copy(f, 1, true); }
  void unpack(int f) { face_copy(f, 0, false); }
  void pack_all() {
    for (int f = 0; f < kFaces; ++f)
      if (nbr_[f] != kNone) pack(f);
  }
  void unpack_all() {
    for (int f = 0; f < kFaces; ++f)
      if (nbr_[f] != kNone) unpack(f);
  }

  Box all() const { return {{{1, n_[0]}, {1, n_[1]}}}; }
  // The points that need no halo from a neighbour: all but one layer behind each face that
  // has a neighbour.
  Box interior() const {
    Box b = all();
    for (int k = 0; k < 2; ++k) {
      if (nbr_[2 * k] != kNone) ++b[k][0];
      if (nbr_[2 * k + 1] != kNone) --b[k][1];
    }
    return b;
  }
  // all() minus interior(), as at most four disjoint strips.
  template <class F> void for_each_boundary_slab(F &&f) const {
    Box in = interior(), rest = all();
    for (int k = 0; k < 2; ++k) {
      bool low = in[k][0] > rest[k][0];
      bool high = in[k][1] < rest[k][1] && !(low && rest[k][1] == rest[k][0]); // 1 layer: once
      for (int side = 0; side < 2; ++side) {
        if (!(side ? high : low)) continue;
        Box s = rest;
        s[k] = {rest[k][side], rest[k][side]};
        f(s);
      }
      rest[k] = in[k]; // the next dimension's strips exclude what is done
      if (rest[k][0] > rest[k][1]) return;
    }
  }

  // The arrays sweep reads and writes, and the distance between rows: for a kernel written
  // outside the class (jacobi2d_basic.cpp with BENCH_KERNEL_IN_MAIN).
  const double *current() const { return u_.data(); }
  double *next() { return v_.data(); }
  long stride() const { return sx_; }

  // One Jacobi update of the points in box: reads u, writes v.
  void sweep(const Box &b) {
    const double *u = u_.data();
    double *v = v_.data();
    const long sx = sx_;
    for (long i = b[0][0]; i <= b[0][1]; ++i) {
      const double *p = u + at(i, 0);
      double *q = v + at(i, 0);
      for (long j = b[1][0]; j <= b[1][1]; ++j)
        q[j] = (p[j - sx] + p[j + sx] + p[j - 1] + p[j + 1]) * 0.25;
    }
  }
  void swap() { std::swap(u_, v_); }

  std::uint64_t checksum() const {
    std::uint64_t h = 0;
    for (long i = 1; i <= n_[0]; ++i)
      for (long j = 1; j <= n_[1]; ++j)
        h += bench::point_hash(global_index(i, j), u_[at(i, j)]);
    return h;
  }

private:
  std::size_t at(long i, long j) const { return static_cast<std::size_t>(i * sx_ + j); }
  // Local index l (0 = low halo) is global coordinate begin + l (0 = global boundary).
  std::uint64_t global_index(long i, long j) const {
    return static_cast<std::uint64_t>((r_[0].begin + i) * (N_ + 2) + r_[1].begin + j);
  }
  // Walks the line of face f at depth `depth` (1: first owned layer, 0: halo), copying between
  // it and the face's buffer.
  void face_copy(int f, long depth, bool to_buffer) {
    int k = f / 2;
    long l = f % 2 ? n_[k] + 1 - depth : depth;
    double *buf = to_buffer ? send_[f].data() : recv_[f].data();
    for (long x = 1; x <= n_[1 - k]; ++x) {
      std::size_t p = k == 0 ? at(l, x) : at(x, l);
      if (to_buffer) buf[x - 1] = u_[p];
      else u_[p] = buf[x - 1];
    }
  }

  long N_;
  bench::Range r_[2];
  long n_[2];
  long sx_;
  int nbr_[kFaces];
  std::vector<double> u_, v_, send_[kFaces], recv_[kFaces];
};

// The serial reference: the same kernel on one block holding the whole grid.
inline std::uint64_t serial_checksum(const bench::Options &o) {
  Block b(o.n, 1, 0);
  for (int s = 0; s < o.total(); ++s) {
    b.sweep(b.all());
    b.swap();
  }
  return b.checksum();
}

} // namespace jacobi2d
