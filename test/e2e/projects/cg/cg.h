// cg.h - conjugate gradients for the distributed 1D Laplacian (cg.cpp).
#ifndef CG_CG_H
#define CG_CG_H

class DistVector;

constexpr int kMaxIterations = 400;
constexpr int kHistoryEvery = 10;

// Relative residuals every kHistoryEvery iterations; defined in cg.cpp, read by main.cpp.
extern double g_residual_history[kMaxIterations / kHistoryEvery + 1];
extern int g_history_length;

// Solves A x = b from x = 0; returns the number of iterations, -1 without convergence.
int cg_solve(const DistVector &b, DistVector &x, double tolerance);

#endif
