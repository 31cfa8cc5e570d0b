// Conjugate gradients, MPI-olap: the basic source overlapped by hand. r's halo starts as soon
// as r is updated; the update of x, the dot product r.r and the update of p run while it
// travels (the reductions inside dot make MPI progress); the wait comes just before A r.
#include "cg.hpp"
#include "driver.hpp"

#include <cstdlib>
#include <mpi.h>

// The global a.b: chunk sums reduced exactly, added in chunk order (cg.hpp).
static double dot(const cg::Rows &g, const double *a, const double *b, bool compute) {
  double chunks[cg::kChunks];
  if (compute)
    cg::chunk_sums(g, a, b, chunks);
  else
    for (int k = 0; k < cg::kChunks; ++k)
      chunks[k] = 1.0;
  MPI_Allreduce(MPI_IN_PLACE, chunks, cg::kChunks, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return cg::ordered_sum(chunks);
}

int main(int argc, char **argv) {
  bench::Run run;
  if (!bench::start(argc, argv, cg::kApp, cg::kDefaultN, cg::serial_checksum, run))
    return 0;
  const bench::Options &o = run.o;

  const cg::Rows g = cg::rows(cg::kApp, o.n, run.size, run.rank);
  const long n = g.n, len = g.count * g.n;
  double *x = static_cast<double *>(std::malloc(len * sizeof(double)));
  double *r = static_cast<double *>(std::malloc(len * sizeof(double)));
  double *p = static_cast<double *>(std::malloc(len * sizeof(double)));
  double *q = static_cast<double *>(std::malloc(len * sizeof(double)));
  double *s = static_cast<double *>(std::malloc(len * sizeof(double)));
  double *up = static_cast<double *>(std::calloc(n, sizeof(double)));
  double *down = static_cast<double *>(std::calloc(n, sizeof(double)));
  MPI_Request req[4];

  // q = A p for the first step.
  cg::init(g, x, r, p);
  int nreq = 0;
  if (o.comm && g.up != cg::kNone) {
    MPI_Irecv(up, n, MPI_DOUBLE, g.up, 1, MPI_COMM_WORLD, &req[nreq++]);
    MPI_Isend(p, n, MPI_DOUBLE, g.up, 0, MPI_COMM_WORLD, &req[nreq++]);
  }
  if (o.comm && g.down != cg::kNone) {
    MPI_Irecv(down, n, MPI_DOUBLE, g.down, 0, MPI_COMM_WORLD, &req[nreq++]);
    MPI_Isend(p + len - n, n, MPI_DOUBLE, g.down, 1, MPI_COMM_WORLD, &req[nreq++]);
  }
  MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
  cg::apply(g, p, up, down, q);
  double rr = dot(g, r, r, o.compute);

  for (int step = 0; step < o.total(); ++step) {
    bench::begin_step(step, run);
    const double alpha = rr / dot(g, p, q, o.compute);
    if (o.compute)
      cg::axpy(len, -alpha, q, r);
    nreq = 0;
    if (o.comm && g.up != cg::kNone) {
      MPI_Irecv(up, n, MPI_DOUBLE, g.up, 1, MPI_COMM_WORLD, &req[nreq++]);
      MPI_Isend(r, n, MPI_DOUBLE, g.up, 0, MPI_COMM_WORLD, &req[nreq++]);
    }
    if (o.comm && g.down != cg::kNone) {
      MPI_Irecv(down, n, MPI_DOUBLE, g.down, 0, MPI_COMM_WORLD, &req[nreq++]);
      MPI_Isend(r + len - n, n, MPI_DOUBLE, g.down, 1, MPI_COMM_WORLD, &req[nreq++]);
    }
    if (o.compute)
      cg::axpy(len, alpha, p, x);
    const double rr_next = dot(g, r, r, o.compute);
    const double beta = rr_next / rr;
    rr = rr_next;
    if (o.compute)
      cg::xpay(len, r, beta, p);
    MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
    if (o.compute)
      cg::apply(g, r, up, down, s);
    if (o.compute)
      cg::xpay(len, s, beta, q);
  }
  bench::finish(cg::kApp, "olap", cg::serial_checksum, [&] { return cg::checksum(g, x); }, run);
  std::free(x), std::free(r), std::free(p), std::free(q), std::free(s);
  std::free(up), std::free(down);
  return 0;
}
