// 2D Jacobi, MPI-basic: exchange all halos and wait, then compute, as people write it.
// The same source is the Bamboo variant: the pragmas mark the exchange as an overlap region
// (plain mpicxx ignores them). --no-comm gives MPI-nocomm, --no-compute the communication-only
// time; both leave the schedule otherwise unchanged. With BENCH_KERNEL_IN_MAIN the sweep is
// written inside main (the jacobi2d-main app).
#include "driver.hpp"
#include "jacobi2d.hpp"

#include <mpi.h>

int main(int argc, char **argv) {
  bench::Run run;
  if (!bench::start(argc, argv, jacobi2d::kApp, jacobi2d::kDefaultN, jacobi2d::serial_checksum,
                    run))
    return 0;
  const bench::Options &o = run.o;

  jacobi2d::Block b(o.n, run.size, run.rank);
  MPI_Request req[2 * jacobi2d::kFaces];
  for (int step = 0; step < o.total(); ++step) {
    bench::begin_step(step, run);
    double c0 = MPI_Wtime();
    if (o.comm) {
      b.pack_all();
      int nreq = 0;
#pragma bamboo olap
      {
#pragma bamboo receive
        {
          for (int f = 0; f < jacobi2d::kFaces; ++f)
            if (b.neighbour(f) != jacobi2d::kNone)
              MPI_Irecv(b.recv_buffer(f), b.face_count(f), MPI_DOUBLE, b.neighbour(f), f ^ 1,
                        MPI_COMM_WORLD, &req[nreq++]);
        }
#pragma bamboo send
        {
          for (int f = 0; f < jacobi2d::kFaces; ++f)
            if (b.neighbour(f) != jacobi2d::kNone)
              MPI_Isend(b.send_buffer(f), b.face_count(f), MPI_DOUBLE, b.neighbour(f), f,
                        MPI_COMM_WORLD, &req[nreq++]);
        }
        MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
      }
      b.unpack_all();
    }
    double c1 = MPI_Wtime();
    if (o.compute) {
#ifdef BENCH_KERNEL_IN_MAIN
      // The jacobi2d-main app: the kernel written inside main, with main's locals, as most C
      // codes write it; the same arithmetic as Block::sweep, in the same order.
      const jacobi2d::Box a = b.all();
      const double *u = b.current();
      double *v = b.next();
      const long sx = b.stride();
      for (long i = a[0][0]; i <= a[0][1]; ++i)
        for (long j = a[1][0]; j <= a[1][1]; ++j)
          v[i * sx + j] = (u[i * sx + j - sx] + u[i * sx + j + sx] + u[i * sx + j - 1] +
                           u[i * sx + j + 1]) *
                          0.25;
#else
      b.sweep(b.all());
#endif
    }
    b.swap();
    run.comm += c1 - c0;
    run.comp += MPI_Wtime() - c1;
  }
  bench::finish(jacobi2d::kApp, "basic", jacobi2d::serial_checksum, [&] { return b.checksum(); },
                run);
  return 0;
}
