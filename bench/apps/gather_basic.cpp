// Gather in a loop, MPI-basic: the gather written by hand as people write it, the root posting a
// receive from every other rank and every other rank sending its contribution to the root, then
// a wait; the root copies its own contribution and folds them all. The root's link carries P - 1
// messages, as in any gather, but the root's program also makes P - 1 receive calls.
// The same source is the Bamboo variant: the pragmas mark the exchange as an overlap region
// (plain mpicxx ignores them). Only the root holds room for every contribution: at 4,096
// simulated ranks a buffer of P contributions on every rank would be the simulator's memory.
// --no-comm gives MPI-nocomm (no messages and no copy: the root folds what its receive buffer
// holds), --no-compute the communication-only time (no fill, no fold); both leave the schedule
// otherwise unchanged.
#include "driver.hpp"
#include "gather.hpp"

#include <algorithm>
#include <mpi.h>
#include <vector>

int main(int argc, char **argv) {
  bench::Run run;
  if (!bench::start(argc, argv, gather::kApp, gather::kDefaultN, gather::serial_checksum, run))
    return 0;
  const bench::Options &o = run.o;
  const bool root = run.rank == gather::kRoot;
  const long n = o.n;
  const int count = static_cast<int>(n);
  std::vector<double> out(n, 0.0), in(root ? n * run.size : 0, 0.0), acc(n, 0.0);
  std::vector<MPI_Request> req(root ? run.size : 1);

  for (int step = 0; step < o.total(); ++step) {
    bench::begin_step(step, run);
    double f0 = MPI_Wtime();
    if (o.compute)
      gather::contribution(step, run.rank, n, out.data());
    double c0 = MPI_Wtime();
    if (o.comm) {
      int nreq = 0;
#pragma bamboo olap
      {
#pragma bamboo receive
        {
          if (root)
            for (int s = 0; s < run.size; ++s)
              if (s != gather::kRoot)
                MPI_Irecv(in.data() + s * n, count, MPI_DOUBLE, s, gather::kTag, MPI_COMM_WORLD,
                          &req[nreq++]);
        }
#pragma bamboo send
        {
          if (!root)
            MPI_Isend(out.data(), count, MPI_DOUBLE, gather::kRoot, gather::kTag, MPI_COMM_WORLD,
                      &req[nreq++]);
        }
        MPI_Waitall(nreq, req.data(), MPI_STATUSES_IGNORE);
      }
      if (root)
        std::copy_n(out.data(), n, in.data() + gather::kRoot * n);
    }
    double c1 = MPI_Wtime();
    if (o.compute && root)
      gather::fold(run.size, n, in.data(), acc.data());
    run.comm += c1 - c0;
    run.comp += (c0 - f0) + (MPI_Wtime() - c1);
  }
  bench::finish(
      gather::kApp, "basic", gather::serial_checksum,
      [&] { return root ? gather::checksum(n, acc.data()) : 0; }, run);
  return 0;
}
