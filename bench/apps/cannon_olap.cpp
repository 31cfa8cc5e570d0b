// Cannon's matrix multiplication, MPI-olap: the classic double-buffered form, written by hand
// as an expert would. Each round posts the receives of the next blocks and the sends of the
// current ones, multiplies the current blocks (which MPI allows while they are being sent),
// calling MPI_Testall after each chunk of rows, then waits and swaps buffers.
// The MPI_Testall calls matter: the blocks are above UCX's rendezvous threshold, and a
// rendezvous transfer only moves while both sides call into MPI.
#include "driver.hpp"
#include "cannon.hpp"

#include <mpi.h>

#include <algorithm>

int main(int argc, char **argv) {
  bench::Run run;
  if (!bench::start(argc, argv, cannon::kApp, cannon::kDefaultN, cannon::serial_checksum,
                    run))
    return 0;
  const bench::Options &o = run.o;

  int dims[2];
  bench::make_grid(run, 2, dims, /*periodic=*/true); // the shifts wrap around
  cannon::Block b(o.n, run.size, run.grid_rank);
  // About 2M multiply-adds (a millisecond or less) between two MPI_Testall calls.
  const long chunk = std::max(1L, (1L << 21) / std::max(1L, b.rows() * b.rows()));
  MPI_Request req[4];
  for (int step = 0; step < o.total(); ++step) {
    bench::begin_step(step, run);
    for (int round = 0; round < b.q(); ++round) {
      double c0 = MPI_Wtime();
      int nreq = 0;
      if (o.comm) {
        MPI_Irecv(b.a_next(), b.count(), MPI_DOUBLE, b.right(), 0, run.grid, &req[nreq++]);
        MPI_Irecv(b.b_next(), b.count(), MPI_DOUBLE, b.down(), 1, run.grid, &req[nreq++]);
        MPI_Isend(b.a(), b.count(), MPI_DOUBLE, b.left(), 0, run.grid, &req[nreq++]);
        MPI_Isend(b.b(), b.count(), MPI_DOUBLE, b.up(), 1, run.grid, &req[nreq++]);
      }
      double c1 = MPI_Wtime();
      if (o.compute) {
        int done = nreq == 0;
        for (long i = 0; i < b.rows(); i += chunk) {
          const long end = std::min(i + chunk, b.rows());
          bench::compute(o, b.multiply_adds(end - i), [&] { b.multiply(i, end); });
          if (!done) MPI_Testall(nreq, req, &done, MPI_STATUSES_IGNORE); // drive the transfer
        }
      }
      double c2 = MPI_Wtime();
      if (o.comm) {
        MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
        b.rotate();
      }
      run.comm += (c1 - c0) + (MPI_Wtime() - c2);
      run.comp += c2 - c1;
    }
  }
  bench::finish(cannon::kApp, "olap", cannon::serial_checksum, [&] { return b.checksum(); },
                run);
  return 0;
}
