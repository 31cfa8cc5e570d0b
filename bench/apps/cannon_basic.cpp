// Cannon's matrix multiplication, MPI-basic: multiply the local blocks, then shift A left and
// B up and wait, as people write it. The same source is the Bamboo variant: the pragmas mark
// the shift as an overlap region (plain mpicxx ignores them). --no-comm gives MPI-nocomm,
// --no-compute the communication-only time.
#include "driver.hpp"
#include "cannon.hpp"

#include <mpi.h>

int main(int argc, char **argv) {
  bench::Run run;
  if (!bench::start(argc, argv, cannon::kApp, cannon::kDefaultN, cannon::serial_checksum,
                    run))
    return 0;
  const bench::Options &o = run.o;

  int dims[2];
  bench::make_grid(run, 2, dims, /*periodic=*/true); // the shifts wrap around
  cannon::Block b(o.n, run.size, run.grid_rank);
  MPI_Request req[4];
  for (int step = 0; step < o.total(); ++step) {
    bench::begin_step(step, run);
    for (int round = 0; round < b.q(); ++round) {
      double c0 = MPI_Wtime();
      if (o.compute) bench::compute(o, b.multiply_adds(b.rows()), [&] { b.multiply(); });
      double c1 = MPI_Wtime();
      if (o.comm) {
#pragma bamboo olap
        {
#pragma bamboo receive
          {
            MPI_Irecv(b.a_next(), b.count(), MPI_DOUBLE, b.right(), 0, run.grid, &req[0]);
            MPI_Irecv(b.b_next(), b.count(), MPI_DOUBLE, b.down(), 1, run.grid, &req[1]);
          }
#pragma bamboo send
          {
            MPI_Isend(b.a(), b.count(), MPI_DOUBLE, b.left(), 0, run.grid, &req[2]);
            MPI_Isend(b.b(), b.count(), MPI_DOUBLE, b.up(), 1, run.grid, &req[3]);
          }
          MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
        }
        b.rotate();
      }
      run.comp += c1 - c0;
      run.comm += MPI_Wtime() - c1;
    }
  }
  bench::finish(cannon::kApp, "basic", cannon::serial_checksum, [&] { return b.checksum(); },
                run);
  return 0;
}
