// All-to-all in a loop, MPI-olap: the same steps with MPI_Alltoall, the MPI library's own
// all-to-all (pairwise exchanges, a Bruck algorithm for small blocks, or whatever the library
// picks for the size and the rank count) instead of every rank posting to every other in rank
// order. Nothing here overlaps by hand: this variant is the reference that a collective
// algorithm achieves, which a translation of the hand-written all-to-all (alltoall_basic.cpp)
// can reach only by running it as a collective (collective detection, issue 20). --no-comm and
// --no-compute as in the basic variant.
#include "alltoall.hpp"
#include "driver.hpp"

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

  for (int step = 0; step < o.total(); ++step) {
    bench::begin_step(step, run);
    double f0 = MPI_Wtime();
    if (o.compute)
      alltoall::fill(step, run.rank, run.size, n, out.data());
    double c0 = MPI_Wtime();
    if (o.comm)
      MPI_Alltoall(out.data(), count, MPI_DOUBLE, in.data(), count, MPI_DOUBLE, MPI_COMM_WORLD);
    double c1 = MPI_Wtime();
    if (o.compute)
      alltoall::fold(run.size, n, in.data(), acc.data());
    run.comm += c1 - c0;
    run.comp += (c0 - f0) + (MPI_Wtime() - c1);
  }
  bench::finish(
      alltoall::kApp, "olap", alltoall::serial_checksum,
      [&] { return alltoall::checksum(n, run.rank, acc.data()); }, run);
  return 0;
}
