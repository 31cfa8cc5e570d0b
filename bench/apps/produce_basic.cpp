// Produce and exchange, MPI-basic: compute the block, send it, wait for the partner's, as people
// write it. No pragmas: the Bamboo variant is this source translated, and its overlap at
// BAMBOO_VF=1 is the translator's strip mining alone (docs/reorder.md), which starts the send
// before the loop and sends each part of the block as the loop finishes it. --no-comm sends to
// MPI_PROC_NULL (MPI-nocomm), --no-compute computes nothing (the communication-only time); both
// keep the loop and the send as they are, since a send under an `if` is not strip-mined.
#include "driver.hpp"
#include "produce.hpp"

#include <mpi.h>
#include <vector>

int main(int argc, char **argv) {
  bench::Run run;
  if (!bench::start(argc, argv, produce::kApp, produce::kDefaultN, produce::serial_checksum,
                    run))
    return 0;
  const bench::Options &o = run.o;
  const produce::Block b = produce::block(produce::kApp, o.n, run.size, run.rank);
  const int partner = o.comm ? b.partner : MPI_PROC_NULL;
  const int count = static_cast<int>(b.count);
  const long work = o.compute ? b.count : 0;
  std::vector<double> v(b.count), out(b.count), in(b.count);
  produce::init(b, v.data());

  for (int step = 0; step < o.total(); ++step) {
    bench::begin_step(step, run);
    MPI_Request r;
    MPI_Irecv(in.data(), count, MPI_DOUBLE, partner, 0, MPI_COMM_WORLD, &r);
    for (long i = 0; i < work; ++i)
      out[i] = produce::kernel(v[i], step);
    MPI_Send(out.data(), count, MPI_DOUBLE, partner, 0, MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (long i = 0; i < work; ++i)
      v[i] = 0.5 * (out[i] + in[i]);
  }
  bench::finish(produce::kApp, "basic", produce::serial_checksum,
                [&] { return produce::checksum(b, v.data()); }, run);
  return 0;
}
