// 3D Jacobi, 7-point stencil, on an N^3 grid with fixed (Dirichlet) boundary values: the data
// and kernels shared by the variants and the serial reference. No MPI here (see common.hpp).
//
// Each rank owns a block of a px*py*pz process grid (MPI_Dims_create's balanced factors of the
// rank count; rank = (cx*py + cy)*pz + cz in the grid's communicator, as MPI_Cart_create numbers
// them, bench::make_grid), stored with a halo of one
// point on every side. Points on the global boundary live in the halos of the edge blocks and
// never change. A point's update is one fixed expression, so every decomposition computes
// bit-identical values, which the checksum verifies.
#pragma once

#include "common.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <utility>

namespace jacobi3d {

constexpr const char *kApp = "jacobi3d";
constexpr long kDefaultN = 176; // balances compute and communication at 800 Mbit/s, 2 procs
constexpr int kFaces = 6;       // -x, +x, -y, +y, -z, +z; the opposite of face f is f ^ 1
constexpr int kNone = -1;       // no neighbour: the face is on the global boundary

using Box = std::array<std::array<long, 2>, 3>; // inclusive local [lo, hi] per dimension

class Block {
public:
  // Rank `rank` of a dims[0] x dims[1] x dims[2] grid of ranks, numbered row-major.
  Block(long N, const int (&d)[3], int rank) : N_(N) {
    if (N < *std::max_element(d, d + 3))
      bench::usage(kApp, "--n is smaller than the process grid");
    int c[3] = {rank / (d[1] * d[2]), rank / d[2] % d[1], rank % d[2]};
    for (int k = 0; k < 3; ++k) {
      r_[k] = bench::block(N, d[k], c[k]);
      n_[k] = r_[k].count;
    }
    s_ = {(n_[1] + 2) * (n_[2] + 2), n_[2] + 2, 1};
    for (int f = 0; f < kFaces; ++f) {
      int k = f / 2, step = f % 2 ? 1 : -1;
      int cc[3] = {c[0], c[1], c[2]};
      cc[k] += step;
      bool inside = cc[k] >= 0 && cc[k] < d[k];
      nbr_[f] = inside ? (cc[0] * d[1] + cc[1]) * d[2] + cc[2] : kNone;
      std::size_t face = static_cast<std::size_t>(n_[(k + 1) % 3] * n_[(k + 2) % 3]);
      send_[f].assign(nbr_[f] == kNone ? 0 : face, 0.0);
      recv_[f].assign(nbr_[f] == kNone ? 0 : face, 0.0);
    }
    std::size_t total = static_cast<std::size_t>((n_[0] + 2) * s_[0]);
    u_.resize(total);
    for (long i = 0; i < n_[0] + 2; ++i)
      for (long j = 0; j < n_[1] + 2; ++j)
        for (long k = 0; k < n_[2] + 2; ++k)
          u_[at(i, j, k)] = bench::init_value(global_index(i, j, k));
    v_ = u_; // the boundary halos must hold the fixed values in both arrays
  }

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

  Box all() const { return {{{1, n_[0]}, {1, n_[1]}, {1, n_[2]}}}; }
  // The points that need no halo from a neighbour: all but one layer behind each face that
  // has a neighbour.
  Box interior() const {
    Box b = all();
    for (int k = 0; k < 3; ++k) {
      if (nbr_[2 * k] != kNone) ++b[k][0];
      if (nbr_[2 * k + 1] != kNone) --b[k][1];
    }
    return b;
  }
  // all() minus interior(), as at most six disjoint slabs.
  template <class F> void for_each_boundary_slab(F &&f) const {
    Box in = interior(), rest = all();
    for (int k = 0; k < 3; ++k) {
      bool low = in[k][0] > rest[k][0];
      bool high = in[k][1] < rest[k][1] && !(low && rest[k][1] == rest[k][0]); // 1 layer: once
      for (int side = 0; side < 2; ++side) {
        if (!(side ? high : low)) continue;
        Box s = rest;
        s[k] = {rest[k][side], rest[k][side]};
        f(s);
      }
      rest[k] = in[k]; // the next dimensions' slabs exclude what is done
      if (rest[k][0] > rest[k][1]) return;
    }
  }

  // One Jacobi update of the points in box: reads u, writes v. Compiled with -fopenmp (the
  // MPI+OpenMP variant, jacobi3d-omp), a parallel loop over the box's (i, j) lines.
  void sweep(const Box &b) {
    const double *u = u_.data();
    double *v = v_.data();
    const long sx = s_[0], sy = s_[1];
    constexpr double c = 1.0 / 6.0;
#ifdef _OPENMP
#pragma omp parallel for collapse(2) schedule(static)
#endif
    for (long i = b[0][0]; i <= b[0][1]; ++i)
      for (long j = b[1][0]; j <= b[1][1]; ++j) {
        const double *p = u + at(i, j, 0);
        double *q = v + at(i, j, 0);
        for (long k = b[2][0]; k <= b[2][1]; ++k)
          q[k] = (p[k - sx] + p[k + sx] + p[k - sy] + p[k + sy] + p[k - 1] + p[k + 1]) * c;
      }
  }
  // The points a sweep of box updates: its units of work (--kernel-cost).
  static double points(const Box &b) {
    double p = 1;
    for (const auto &range : b) p *= static_cast<double>(range[1] - range[0] + 1);
    return p;
  }
  void swap() { std::swap(u_, v_); }

  std::uint64_t checksum() const {
    std::uint64_t h = 0;
    for (long i = 1; i <= n_[0]; ++i)
      for (long j = 1; j <= n_[1]; ++j)
        for (long k = 1; k <= n_[2]; ++k)
          h += bench::point_hash(global_index(i, j, k), u_[at(i, j, k)]);
    return h;
  }

private:
  std::size_t at(long i, long j, long k) const {
    return static_cast<std::size_t>(i * s_[0] + j * s_[1] + k);
  }
  // Local index l (0 = low halo) is global coordinate begin + l (0 = global boundary).
  std::uint64_t global_index(long i, long j, long k) const {
    long g = N_ + 2;
    return static_cast<std::uint64_t>(((r_[0].begin + i) * g + r_[1].begin + j) * g +
                                      r_[2].begin + k);
  }
  // Walks the plane of face f at depth `depth` (1: first owned layer, 0: halo), copying
  // between it and the face's buffer.
  void face_copy(int f, long depth, bool to_buffer) {
    int k = f / 2, a = (k + 1) % 3, b = (k + 2) % 3;
    long l = f % 2 ? n_[k] + 1 - depth : depth;
    double *buf = to_buffer ? send_[f].data() : recv_[f].data();
    std::size_t m = 0;
    for (long x = 1; x <= n_[a]; ++x)
      for (long y = 1; y <= n_[b]; ++y, ++m) {
        std::size_t p = static_cast<std::size_t>(l * s_[k] + x * s_[a] + y * s_[b]);
        if (to_buffer) buf[m] = u_[p];
        else u_[p] = buf[m];
      }
  }

  long N_;
  bench::Range r_[3];
  long n_[3];
  std::array<long, 3> s_;
  int nbr_[kFaces];
  std::vector<double> u_, v_, send_[kFaces], recv_[kFaces];
};

// The serial reference: the same kernel on one block holding the whole grid.
inline std::uint64_t serial_checksum(const bench::Options &o) {
  const int one[3] = {1, 1, 1};
  Block b(o.n, one, 0);
  for (int s = 0; s < o.total(); ++s) {
    b.sweep(b.all());
    b.swap();
  }
  return b.checksum();
}

} // namespace jacobi3d
