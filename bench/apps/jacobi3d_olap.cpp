// 3D Jacobi, MPI-olap: split-phase overlap written by hand, as an expert would.
//   post receives and sends -> compute the interior (points that need no halo), calling
//   MPI_Testall after each plane -> wait -> unpack -> compute the boundary layers.
// The MPI_Testall calls matter: halo messages here are above UCX's rendezvous threshold, and a
// rendezvous transfer only moves while both sides call into MPI. Without them the transfer
// starts only in MPI_Waitall, after the interior, and nothing overlaps.
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
  const jacobi3d::Box inner = b.interior();
  MPI_Request req[2 * jacobi3d::kFaces];
  for (int step = 0; step < o.total(); ++step) {
    bench::begin_step(step, run);
    double c0 = MPI_Wtime();
    int nreq = 0;
    if (o.comm) {
      for (int f = 0; f < jacobi3d::kFaces; ++f)
        if (b.neighbour(f) != jacobi3d::kNone)
          MPI_Irecv(b.recv_buffer(f), b.face_count(f), MPI_DOUBLE, b.neighbour(f), f ^ 1,
                    run.grid, &req[nreq++]);
      for (int f = 0; f < jacobi3d::kFaces; ++f)
        if (b.neighbour(f) != jacobi3d::kNone) {
          b.pack(f);
          MPI_Isend(b.send_buffer(f), b.face_count(f), MPI_DOUBLE, b.neighbour(f), f,
                    run.grid, &req[nreq++]);
        }
    }
    double c1 = MPI_Wtime();
    if (o.compute) {
      int done = nreq == 0;
      for (long i = inner[0][0]; i <= inner[0][1]; ++i) {
        jacobi3d::Box plane = inner;
        plane[0] = {i, i};
        bench::compute(o, b.points(plane), [&] { b.sweep(plane); });
        if (!done) MPI_Testall(nreq, req, &done, MPI_STATUSES_IGNORE); // drive the transfer
      }
    }
    double c2 = MPI_Wtime();
    if (o.comm) {
      MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
      b.unpack_all();
    }
    double c3 = MPI_Wtime();
    if (o.compute)
      b.for_each_boundary_slab([&](const jacobi3d::Box &s) {
        bench::compute(o, b.points(s), [&] { b.sweep(s); });
      });
    b.swap();
    run.comm += (c1 - c0) + (c3 - c2);
    run.comp += (c2 - c1) + (MPI_Wtime() - c3);
  }
  bench::finish(jacobi3d::kApp, "olap", jacobi3d::serial_checksum, [&] { return b.checksum(); },
                run);
  return 0;
}
