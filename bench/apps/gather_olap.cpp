// Gather in a loop, MPI-olap: the same steps with MPI_Gather, the MPI library's own gather (a
// binomial tree for small contributions, or whatever the library picks for the size and the
// rank count) instead of P - 1 receives at the root. Nothing here overlaps by hand: this variant
// is the reference a collective algorithm achieves, which a translation of the hand-written
// gather (gather_basic.cpp) could reach only by running it as one (gather detection,
// docs/collective-detection.md). --no-comm and --no-compute as in the basic variant.
#include "driver.hpp"
#include "gather.hpp"

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

  for (int step = 0; step < o.total(); ++step) {
    bench::begin_step(step, run);
    double f0 = MPI_Wtime();
    if (o.compute)
      gather::contribution(step, run.rank, n, out.data());
    double c0 = MPI_Wtime();
    if (o.comm)
      MPI_Gather(out.data(), count, MPI_DOUBLE, in.data(), count, MPI_DOUBLE, gather::kRoot,
                 MPI_COMM_WORLD);
    double c1 = MPI_Wtime();
    if (o.compute && root)
      gather::fold(run.size, n, in.data(), acc.data());
    run.comm += c1 - c0;
    run.comp += (c0 - f0) + (MPI_Wtime() - c1);
  }
  bench::finish(
      gather::kApp, "olap", gather::serial_checksum,
      [&] { return root ? gather::checksum(n, acc.data()) : 0; }, run);
  return 0;
}
