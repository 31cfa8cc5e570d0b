// 3D Jacobi, MPI-basic: exchange all halos and wait, then compute, as people write it.
// The same source is the Bamboo variant: the pragmas mark the exchange as an overlap region
// (plain mpicxx ignores them). --no-comm gives MPI-nocomm, --no-compute the communication-only
// time; both leave the schedule otherwise unchanged.
#include "driver.hpp"
#include "jacobi3d.hpp"

#include <mpi.h>

int main(int argc, char **argv) {
  bench::Run run;
  if (!bench::start(argc, argv, jacobi3d::kApp, jacobi3d::kDefaultN, jacobi3d::serial_checksum,
                    run))
    return 0;
  const bench::Options &o = run.o;

  int dims[3];
  bench::make_grid(run, 3, dims);
  jacobi3d::Block b(o.n, dims, run.grid_rank);
  MPI_Request req[2 * jacobi3d::kFaces];
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
          for (int f = 0; f < jacobi3d::kFaces; ++f)
            if (b.neighbour(f) != jacobi3d::kNone)
              MPI_Irecv(b.recv_buffer(f), b.face_count(f), MPI_DOUBLE, b.neighbour(f), f ^ 1,
                        run.grid, &req[nreq++]);
        }
#pragma bamboo send
        {
          for (int f = 0; f < jacobi3d::kFaces; ++f)
            if (b.neighbour(f) != jacobi3d::kNone)
              MPI_Isend(b.send_buffer(f), b.face_count(f), MPI_DOUBLE, b.neighbour(f), f,
                        run.grid, &req[nreq++]);
        }
        MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
      }
      b.unpack_all();
    }
    double c1 = MPI_Wtime();
    if (o.compute) bench::compute(o, b.points(b.all()), [&] { b.sweep(b.all()); });
    b.swap();
    run.comm += c1 - c0;
    run.comp += MPI_Wtime() - c1;
  }
  bench::finish(jacobi3d::kApp, "basic", jacobi3d::serial_checksum, [&] { return b.checksum(); },
                run);
  return 0;
}
