// Broadcast in a loop, MPI-olap: the same steps with MPI_Bcast, the MPI library's own broadcast
// (a tree, or whatever algorithm the library picks for the size and the rank count) instead of
// the root sending to every rank in turn. Nothing here overlaps by hand: this variant is the
// reference that a collective algorithm achieves, which a translation of the hand-written
// broadcast (bcast_basic.cpp) can reach only by running it as a collective (collective
// detection, issue 20). --no-comm and --no-compute as in the basic variant.
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
  std::vector<double> buf(o.n, 0.0), acc(o.n, 0.0);

  for (int step = 0; step < o.total(); ++step) {
    bench::begin_step(step, run);
    double f0 = MPI_Wtime();
    if (o.compute && run.rank == bcast::kRoot)
      bcast::fill(step, o.n, buf.data());
    double c0 = MPI_Wtime();
    if (o.comm)
      MPI_Bcast(buf.data(), count, MPI_DOUBLE, bcast::kRoot, MPI_COMM_WORLD);
    double c1 = MPI_Wtime();
    if (o.compute)
      bcast::fold(o.n, buf.data(), acc.data());
    run.comm += c1 - c0;
    run.comp += (c0 - f0) + (MPI_Wtime() - c1);
  }
  bench::finish(
      bcast::kApp, "olap", bcast::serial_checksum,
      [&] { return bcast::checksum(o.n, run.rank, acc.data()); }, run);
  return 0;
}
