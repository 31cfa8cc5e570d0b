// 2D Jacobi, MPI-olap: split-phase overlap written by hand, as an expert would.
//   post receives and sends -> compute the interior (points that need no halo), calling
//   MPI_Testall after each chunk of rows (about 32K points, tens of microseconds) -> wait -> unpack -> compute the boundary layers.
// The MPI_Testall calls matter: halo messages here are above UCX's rendezvous threshold, and a
// rendezvous transfer only moves while both sides call into MPI. Without them the transfer
// starts only in MPI_Waitall, after the interior, and nothing overlaps.
#include "jacobi2d.hpp"

#include <mpi.h>

#include <algorithm>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const bench::Options o = bench::parse(argc, argv, jacobi2d::kApp, jacobi2d::kDefaultN);
  if (o.serial) {
    if (rank == 0) bench::print_reference(jacobi2d::kApp, o, jacobi2d::serial_checksum(o));
    MPI_Finalize();
    return 0;
  }

  jacobi2d::Block b(o.n, size, rank);
  const jacobi2d::Box inner = b.interior();
  MPI_Request req[2 * jacobi2d::kFaces];
  double t0 = 0, comm = 0, comp = 0;
  for (int step = 0; step < o.total(); ++step) {
    if (step == o.warmup) {
      MPI_Barrier(MPI_COMM_WORLD);
      t0 = MPI_Wtime();
      comm = comp = 0;
    }
    double c0 = MPI_Wtime();
    int nreq = 0;
    if (o.comm) {
      for (int f = 0; f < jacobi2d::kFaces; ++f)
        if (b.neighbour(f) != jacobi2d::kNone)
          MPI_Irecv(b.recv_buffer(f), b.face_count(f), MPI_DOUBLE, b.neighbour(f), f ^ 1,
                    MPI_COMM_WORLD, &req[nreq++]);
      for (int f = 0; f < jacobi2d::kFaces; ++f)
        if (b.neighbour(f) != jacobi2d::kNone) {
          b.pack(f);
          MPI_Isend(b.send_buffer(f), b.face_count(f), MPI_DOUBLE, b.neighbour(f), f,
                    MPI_COMM_WORLD, &req[nreq++]);
        }
    }
    double c1 = MPI_Wtime();
    if (o.compute) {
      int done = nreq == 0;
      const long chunk = std::max(1L, 32768 / std::max(1L, b.cols()));
      for (long i = inner[0][0]; i <= inner[0][1]; i += chunk) {
        jacobi2d::Box rows = inner;
        rows[0] = {i, std::min(i + chunk - 1, inner[0][1])};
        b.sweep(rows);
        if (!done) MPI_Testall(nreq, req, &done, MPI_STATUSES_IGNORE); // drive the transfer
      }
    }
    double c2 = MPI_Wtime();
    if (o.comm) {
      MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
      b.unpack_all();
    }
    double c3 = MPI_Wtime();
    if (o.compute) b.for_each_boundary_slab([&](const jacobi2d::Box &s) { b.sweep(s); });
    b.swap();
    comm += (c1 - c0) + (c3 - c2);
    comp += (c2 - c1) + (MPI_Wtime() - c3);
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
    if (!o.has_expect && o.comm && o.compute) ref = jacobi2d::serial_checksum(o);
    bench::Timing t{tmax / o.steps, sums[0] / size / o.steps, sums[1] / size / o.steps};
    bench::print_result(jacobi2d::kApp, "olap", o, size, t, global, bench::verdict(o, global, ref));
  }
  MPI_Finalize();
  return 0;
}
