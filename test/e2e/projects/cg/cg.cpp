// cg.cpp - unpreconditioned conjugate gradients; reductions come from linalg.h, halos from comm.cpp.
#include "cg.h"
#include "dvec.h"
#include "laplacian.h"
#include "linalg.h"

#include <cmath>

double g_residual_history[kMaxIterations / kHistoryEvery + 1];
int g_history_length = 0;

int cg_solve(const DistVector &b, DistVector &x, double tolerance) {
  DistVector r, p, q;
  r.setup(b.global_size(), b.comm());
  p.setup(b.global_size(), b.comm());
  q.setup(b.global_size(), b.comm());
  for (int i = 0; i < b.size(); ++i) {
    x[i] = 0.0;
    r[i] = b[i];
    p[i] = b[i];
  }
  const double b_norm = std::sqrt(dot(b, b));
  double rr = dot(r, r);
  g_history_length = 0;
  g_residual_history[g_history_length++] = std::sqrt(rr) / b_norm;

  for (int it = 1; it <= kMaxIterations; ++it) {
    apply_laplacian(p, q);
    const double alpha = rr / dot(p, q);
    axpy(alpha, p, x);
    axpy(-alpha, q, r);
    const double rr_next = dot(r, r);
    const double relative = std::sqrt(rr_next) / b_norm;
    if (relative < tolerance)
      return it;
    if (it % kHistoryEvery == 0)
      g_residual_history[g_history_length++] = relative;
    const double beta = rr_next / rr;
    for (int i = 0; i < p.size(); ++i)
      p[i] = r[i] + beta * p[i];
    g_local_flops += 2L * p.size();
    rr = rr_next;
  }
  return -1;
}
