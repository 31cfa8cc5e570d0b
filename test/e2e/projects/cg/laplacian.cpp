// laplacian.cpp - the matrix-vector product; its communication is in comm.cpp.
#include "laplacian.h"
#include "comm.h"
#include "dvec.h"

void apply_laplacian(DistVector &x, DistVector &y) {
  halo_exchange(x);
  const int n = x.size();
  for (int i = 0; i < n; ++i) {
    const double left = i > 0 ? x[i - 1] : x.ghost_left();
    const double right = i < n - 1 ? x[i + 1] : x.ghost_right();
    y[i] = 2.0 * x[i] - left - right;
  }
  g_local_flops += 3L * n;
}
