// Broadcast in a loop, MPI-basic: the broadcast written by hand as people write it, the root
// sending the same message to every other rank in turn (a linear broadcast: the root's link
// carries P - 1 copies), every other rank receiving it, then every rank folding it in.
// The same source is the Bamboo variant: the pragmas mark the exchange as an overlap region
// (plain mpicxx ignores them); a translator that recognizes the pattern as a broadcast could run
// it as one (collective detection, issue 20). --no-comm gives MPI-nocomm (no messages: the root
// folds its own message, the others their receive buffer, never filled), --no-compute the
// communication-only time (no fill, no fold); both leave the schedule otherwise unchanged.
// The root's message and what the others receive are two buffers: with one, the translator's
// check that a receive buffer is not used before its region completes would warn at the root's
// sends (it cannot tell that the root never receives).
#include "bcast.hpp"
#include "driver.hpp"

#include <mpi.h>
#include <vector>

int main(int argc, char **argv) {
  bench::Run run;
  if (!bench::start(argc, argv, bcast::kApp, bcast::kDefaultN, bcast::serial_checksum, run))
    return 0;
  const bench::Options &o = run.o;
  const int count = static_cast<int>(o.n);
  std::vector<double> msg(o.n, 0.0), in(o.n, 0.0), acc(o.n, 0.0);
  const bool root = run.rank == bcast::kRoot;
  std::vector<MPI_Request> req(run.size);

  for (int step = 0; step < o.total(); ++step) {
    bench::begin_step(step, run);
    double f0 = MPI_Wtime();
    if (o.compute && root)
      bcast::fill(step, o.n, msg.data());
    double c0 = MPI_Wtime();
    if (o.comm) {
      int nreq = 0;
#pragma bamboo olap
      {
#pragma bamboo receive
        {
          if (!root)
            MPI_Irecv(in.data(), count, MPI_DOUBLE, bcast::kRoot, bcast::kTag, MPI_COMM_WORLD,
                      &req[nreq++]);
        }
#pragma bamboo send
        {
          if (root)
            for (int d = 0; d < run.size; ++d)
              if (d != bcast::kRoot)
                MPI_Isend(msg.data(), count, MPI_DOUBLE, d, bcast::kTag, MPI_COMM_WORLD,
                          &req[nreq++]);
        }
        MPI_Waitall(nreq, req.data(), MPI_STATUSES_IGNORE);
      }
    }
    double c1 = MPI_Wtime();
    if (o.compute)
      bcast::fold(o.n, root ? msg.data() : in.data(), acc.data());
    run.comm += c1 - c0;
    run.comp += (c0 - f0) + (MPI_Wtime() - c1);
  }
  bench::finish(
      bcast::kApp, "basic", bcast::serial_checksum,
      [&] { return bcast::checksum(o.n, run.rank, acc.data()); }, run);
  return 0;
}
