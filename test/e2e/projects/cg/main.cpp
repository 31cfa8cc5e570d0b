// cg: solves A x = b for the 1D Laplacian, split in blocks over the ranks, by conjugate gradients.
// Exercises main->cg.cpp->laplacian.cpp->comm.cpp calls, an inline dot(), a template, class members, externs, an olap region.
#include "cg.h"
#include "comm.h"
#include "dvec.h"
#include "laplacian.h"
#include "linalg.h"

#include <cmath>
#include <cstdio>

namespace {

const int kUnknowns = 100;
const double kTolerance = 1e-10;

// The exact solution: small integers, so that b = A x is exact and x can be checked.
double exact(int i) { return (i * 37) % 11 - 5; }

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  int rank;
  MPI_Comm_rank(comm, &rank);

  DistVector x_exact, b, x, r;
  x_exact.setup(kUnknowns, comm);
  b.setup(kUnknowns, comm);
  x.setup(kUnknowns, comm);
  r.setup(kUnknowns, comm);
  for (int i = 0; i < x_exact.size(); ++i)
    x_exact[i] = exact(x_exact.offset() + i);
  apply_laplacian(x_exact, b);

  const int iterations = cg_solve(b, x, kTolerance);

  // Check the answer: the true residual b - A x, and the error against the exact solution.
  apply_laplacian(x, r);
  for (int i = 0; i < r.size(); ++i)
    r[i] = b[i] - r[i];
  const double residual = std::sqrt(dot(r, r) / dot(b, b));
  const long long fingerprint = x.fingerprint(), expected = x_exact.fingerprint();
  axpy(-1.0, x_exact, x);
  const double error = x.norm_inf();
  const long rows = sum_over_ranks(static_cast<long>(x.size()), MPI_LONG, comm);
  const long flops = sum_over_ranks(g_local_flops, MPI_LONG, comm);

  if (rank == 0) {
    std::printf("cg: %ld unknowns, %d iterations, %ld flops\n", rows, iterations, flops);
    for (int h = 0; h < g_history_length; ++h)
      std::printf("iteration %d: relative residual %.3e\n", h * kHistoryEvery,
                  g_residual_history[h]);
    std::printf("fingerprint %lld expected %lld\n", fingerprint, expected);
    std::printf("true residual below 1e-9: %s, error below 1e-6: %s\n",
                residual < 1e-9 ? "yes" : "no", error < 1e-6 ? "yes" : "no");
  }
  std::printf("rank %d: rows %d-%d vectors %d flops %ld\n", rank, x.offset(),
              x.offset() + x.size() - 1, DistVector::allocated, g_local_flops);
  MPI_Comm_free(&comm);
  MPI_Finalize();
  return 0;
}
