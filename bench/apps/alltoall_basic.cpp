// All-to-all in a loop, MPI-basic: the all-to-all written by hand as people write it, a receive
// from and a send to every other rank, in rank order (so every rank sends to rank 0 first, then
// to rank 1, ...), then a wait for all of them; the block a rank keeps for itself is copied.
// The same source is the Bamboo variant: the pragmas mark the exchange as an overlap region
// (plain mpicxx ignores them); a translator that recognizes the pattern as an all-to-all could
// run it as one (collective detection, issue 20). --no-comm gives MPI-nocomm (no messages and no
// copy: each rank folds what its receive buffer holds), --no-compute the communication-only
// time (no fill, no fold); both leave the schedule otherwise unchanged.
#include "alltoall.hpp"
#include "driver.hpp"

#include <algorithm>
#include <mpi.h>
#include <vector>

int main(int argc, char **argv) {
  bench::Run run;
  if (!bench::start(argc, argv, alltoall::kApp, alltoall::kDefaultN, alltoall::serial_checksum,
                    run))
    return 0;
  const bench::Options &o = run.o;
  const long n = o.n, all = n * run.size;
  const int count = static_cast<int>(n);
  std::vector<double> out(all, 0.0), in(all, 0.0), acc(n, 0.0);
  std::vector<MPI_Request> req(2 * run.size);

  for (int step = 0; step < o.total(); ++step) {
    bench::begin_step(step, run);
    double f0 = MPI_Wtime();
    if (o.compute)
      alltoall::fill(step, run.rank, run.size, n, out.data());
    double c0 = MPI_Wtime();
    if (o.comm) {
      int nreq = 0;
#pragma bamboo olap
      {
#pragma bamboo receive
        {
          for (int s = 0; s < run.size; ++s)
            if (s != run.rank)
              MPI_Irecv(in.data() + s * n, count, MPI_DOUBLE, s, alltoall::kTag, MPI_COMM_WORLD,
                        &req[nreq++]);
        }
#pragma bamboo send
        {
          for (int d = 0; d < run.size; ++d)
            if (d != run.rank)
              MPI_Isend(out.data() + d * n, count, MPI_DOUBLE, d, alltoall::kTag, MPI_COMM_WORLD,
                        &req[nreq++]);
        }
        MPI_Waitall(nreq, req.data(), MPI_STATUSES_IGNORE);
      }
      std::copy_n(out.data() + run.rank * n, n, in.data() + run.rank * n);
    }
    double c1 = MPI_Wtime();
    if (o.compute)
      alltoall::fold(run.size, n, in.data(), acc.data());
    run.comm += c1 - c0;
    run.comp += (c0 - f0) + (MPI_Wtime() - c1);
  }
  bench::finish(
      alltoall::kApp, "basic", alltoall::serial_checksum,
      [&] { return alltoall::checksum(n, run.rank, acc.data()); }, run);
  return 0;
}
