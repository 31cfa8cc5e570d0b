// heat.cpp - explicit time steps of the heat equation on one block; communication is in halo.cpp.
#include "heat.h"
#include "grid.h"
#include "halo.h"
#include "stats.h"

namespace {

const double kAlpha = 0.2; // diffusion number, stable below 0.25

void step(Grid &g) {
  exchange_halo(g);
  for (int i = 1; i <= g.ni; ++i)
    for (int j = 1; j <= g.nj; ++j) {
      const double c = g.u[g.at(i, j)];
      const double ns = g.u[g.at(i - 1, j)] + g.u[g.at(i + 1, j)];
      const double we = g.u[g.at(i, j - 1)] + g.u[g.at(i, j + 1)];
      g.next[g.at(i, j)] = c + kAlpha * (ns + we - 4.0 * c);
    }
  g.u.swap(g.next);
  g_cells_updated += g.ni * g.nj;
}

} // namespace

void run_steps(Grid &g, int steps) {
  for (int s = 0; s < steps; ++s)
    step(g);
}

void compute_block_stats(const Grid &g) {
  double lo = g.u[g.at(1, 1)], hi = lo, sum = 0.0;
  for (int i = 1; i <= g.ni; ++i)
    for (int j = 1; j <= g.nj; ++j) {
      const double v = g.u[g.at(i, j)];
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
      sum += v;
    }
  g_block_stats[0] = lo;
  g_block_stats[1] = hi;
  g_block_stats[2] = sum / (g.ni * g.nj);
}
