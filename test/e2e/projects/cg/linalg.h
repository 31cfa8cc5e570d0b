// linalg.h - vector operations on DistVectors; dot() is used by cg.cpp and main.cpp.
#ifndef CG_LINALG_H
#define CG_LINALG_H

#include "comm.h"
#include "dvec.h"

// Global dot product: local sum, then MPI_Allreduce.
inline double dot(const DistVector &a, const DistVector &b) {
  double local = 0.0;
  for (int i = 0; i < a.size(); ++i)
    local += a[i] * b[i];
  g_local_flops += 2L * a.size();
  double global = 0.0;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, a.comm());
  return global;
}

// y = y + alpha * x
inline void axpy(double alpha, const DistVector &x, DistVector &y) {
  for (int i = 0; i < x.size(); ++i)
    y[i] += alpha * x[i];
  g_local_flops += 2L * x.size();
}

#endif
