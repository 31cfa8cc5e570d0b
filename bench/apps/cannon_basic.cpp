// Cannon's matrix multiplication, MPI-basic: multiply the local blocks, then shift A left and
// B up and wait, as people write it. The same source is the Bamboo variant: the pragmas mark
// the shift as an overlap region (plain mpicxx ignores them). --no-comm gives MPI-nocomm,
// --no-compute the communication-only time.
#include "cannon.hpp"

#include <mpi.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const bench::Options o = bench::parse(argc, argv, cannon::kApp, cannon::kDefaultN);
  if (o.serial) {
    if (rank == 0) bench::print_reference(cannon::kApp, o, cannon::serial_checksum(o));
    MPI_Finalize();
    return 0;
  }

  cannon::Block b(o.n, size, rank);
  MPI_Request req[4];
  double t0 = 0, comm = 0, comp = 0;
  for (int step = 0; step < o.total(); ++step) {
    if (step == o.warmup) {
      MPI_Barrier(MPI_COMM_WORLD);
      t0 = MPI_Wtime();
      comm = comp = 0;
    }
    for (int round = 0; round < b.q(); ++round) {
      double c0 = MPI_Wtime();
      if (o.compute) b.multiply();
      double c1 = MPI_Wtime();
      if (o.comm) {
#pragma bamboo olap
        {
#pragma bamboo receive
          {
            MPI_Irecv(b.a_next(), b.count(), MPI_DOUBLE, b.right(), 0, MPI_COMM_WORLD, &req[0]);
            MPI_Irecv(b.b_next(), b.count(), MPI_DOUBLE, b.down(), 1, MPI_COMM_WORLD, &req[1]);
          }
#pragma bamboo send
          {
            MPI_Isend(b.a(), b.count(), MPI_DOUBLE, b.left(), 0, MPI_COMM_WORLD, &req[2]);
            MPI_Isend(b.b(), b.count(), MPI_DOUBLE, b.up(), 1, MPI_COMM_WORLD, &req[3]);
          }
          MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
        }
        b.rotate();
      }
      comp += c1 - c0;
      comm += MPI_Wtime() - c1;
    }
  }
  double elapsed = MPI_Wtime() - t0;

  // Report: slowest rank's time, mean phase times, global checksum.
  double sums[2] = {comm, comp}, tmax = 0;
  MPI_Allreduce(&elapsed, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, sums, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  std::uint64_t local = b.checksum(), global = 0;
  MPI_Reduce(&local, &global, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    std::uint64_t ref = o.has_expect ? o.expect : 0;
    if (!o.has_expect && o.comm && o.compute) ref = cannon::serial_checksum(o);
    bench::Timing t{tmax / o.steps, sums[0] / size / o.steps, sums[1] / size / o.steps};
    bench::print_result(cannon::kApp, "basic", o, size, t, global, bench::verdict(o, global, ref));
  }
  MPI_Finalize();
  return 0;
}
