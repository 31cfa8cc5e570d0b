// Produce and exchange, MPI-olap: strip mining by hand. The block goes as kParts messages, each
// sent as soon as the loop has computed it; the partner's parts are received into place by
// receives posted before the loop.
#include "driver.hpp"
#include "produce.hpp"

#include <algorithm>
#include <mpi.h>
#include <vector>

namespace {
constexpr int kParts = 16;
}

int main(int argc, char **argv) {
  bench::Run run;
  if (!bench::start(argc, argv, produce::kApp, produce::kDefaultN, produce::serial_checksum,
                    run))
    return 0;
  const bench::Options &o = run.o;
  const produce::Block b = produce::block(produce::kApp, o.n, run.size, run.rank);
  const int partner = o.comm ? b.partner : MPI_PROC_NULL;
  const long part = (b.count + kParts - 1) / kParts;
  std::vector<double> v(b.count), out(b.count), in(b.count);
  std::vector<MPI_Request> req(2 * kParts);
  produce::init(b, v.data());

  for (int step = 0; step < o.total(); ++step) {
    bench::begin_step(step, run);
    int nreq = 0;
    for (long at = 0; at < b.count; at += part)
      MPI_Irecv(in.data() + at, static_cast<int>(std::min(part, b.count - at)), MPI_DOUBLE,
                partner, 0, MPI_COMM_WORLD, &req[nreq++]);
    for (long at = 0; at < b.count; at += part) {
      const long end = std::min(b.count, at + part);
      if (o.compute)
        for (long i = at; i < end; ++i)
          out[i] = produce::kernel(v[i], step);
      MPI_Isend(out.data() + at, static_cast<int>(end - at), MPI_DOUBLE, partner, 0,
                MPI_COMM_WORLD, &req[nreq++]);
    }
    MPI_Waitall(nreq, req.data(), MPI_STATUSES_IGNORE);
    if (o.compute)
      for (long i = 0; i < b.count; ++i)
        v[i] = 0.5 * (out[i] + in[i]);
  }
  bench::finish(produce::kApp, "olap", produce::serial_checksum,
                [&] { return produce::checksum(b, v.data()); }, run);
  return 0;
}
