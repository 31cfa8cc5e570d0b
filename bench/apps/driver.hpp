// What every variant's main does around its schedule: start MPI and read the options, time the
// steps after the warm-up, and report. It makes MPI calls, so the Bamboo variant's translation
// rewrites this header together with the variant's source (docs/multifile.md); each variant's
// own file keeps its steps, where a reader compares the schedules.
#pragma once

#include "common.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>
#include <mpi.h>
#ifdef SMPI_H // SimGrid's SMPI (its <mpi.h> includes smpi.h)
#include <simgrid/host.h>
#endif

namespace bench {

// One run of a variant: its options, its rank, and its clock.
struct Run {
  Options o;
  int rank = 0, size = 1;
  double t0 = 0, comm = 0, comp = 0; // comm, comp: time in each phase since the warm-up
  MPI_Comm local = MPI_COMM_NULL;     // --sync-local: the ranks of this node
  MPI_Comm grid = MPI_COMM_NULL;      // make_grid: the Cartesian grid of the ranks
  int grid_rank = 0;                  // this rank's place in it
};

using SerialChecksum = std::uint64_t (*)(const Options &);

// MPI_Init, the rank and the options. With --serial, rank 0 prints the reference checksum (for
// --ranks P ranks) and the run is over: returns false. Otherwise the answer is for this run's
// ranks, whatever --ranks says.
inline bool start(int &argc, char **&argv, const char *app, long default_n,
                  SerialChecksum serial_checksum, Run &run) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &run.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &run.size);
  run.o = parse(argc, argv, app, default_n);
#ifndef SMPI_H
  if (run.o.kernel_cost > 0) usage(app, "--kernel-cost charges simulated time: SMPI only");
#endif
  if (run.o.sync_local)
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, run.rank, MPI_INFO_NULL,
                        &run.local);
  if (!run.o.serial) {
    run.o.ranks = run.size;
    return true;
  }
  if (run.rank == 0) print_reference(app, run.o, serial_checksum(run.o));
  MPI_Finalize();
  return false;
}

// The grid of the ranks as MPI codes make it: MPI_Dims_create's balanced dimensions (into
// dims), and MPI_Cart_create with reorder, which lets the MPI place the grid's ranks to suit
// the machine (Bamboo puts each process's virtual ranks in one box of the grid; the MPIs here
// keep the ranks' order). Sets run.grid and run.grid_rank.
inline void make_grid(Run &run, int nd, int dims[], bool periodic = false) {
  std::vector<int> periods(static_cast<std::size_t>(nd), periodic ? 1 : 0);
  std::fill(dims, dims + nd, 0);
  MPI_Dims_create(run.size, nd, dims);
  MPI_Cart_create(MPI_COMM_WORLD, nd, dims, periods.data(), 1, &run.grid);
  MPI_Comm_rank(run.grid, &run.grid_rank);
}

// One call of the kernel, `units` units of its work: runs it (unless --charge-only) and, with
// --kernel-cost, charges the simulated core for it.
template <class Kernel> void compute(const Options &o, double units, Kernel &&kernel) {
  if (!o.charge_only) kernel();
#ifdef SMPI_H
  // Exactly, however short (smpi_execute drops what is under smpi/cpu-threshold, as it drops
  // the short bursts it times): in flops at the simulated core's own speed.
  if (o.kernel_cost > 0)
    smpi_execute_flops(units * o.kernel_cost * sg_host_get_speed(sg_host_self()));
#else
  (void)units;
#endif
}

// At the top of every step: at the first timed one, every rank starts together and the
// warm-up's phase times are dropped. With --sync-local the ranks of a node meet first.
inline void begin_step(int step, Run &run) {
  if (run.local != MPI_COMM_NULL) MPI_Barrier(run.local);
  if (step != run.o.warmup) return;
  MPI_Barrier(MPI_COMM_WORLD);
  run.t0 = MPI_Wtime();
  run.comm = run.comp = 0;
}

// After the last step: the time from the first rank's start to the last rank's end, the mean
// phase times and the global checksum (local_checksum() runs after the clock stops); rank 0
// prints the result line. Then MPI_Finalize.
// From first start to last end, not the slowest rank's own time: virtual ranks that share a
// core start their clocks one after another (with MPI the two are the same within the
// barrier's exit skew). MPI_Wtime is one clock for every rank of a node (MPI_WTIME_IS_GLOBAL
// aside, the benchmarks run on one machine).
template <class LocalChecksum>
void finish(const char *app, const char *variant, SerialChecksum serial_checksum,
            LocalChecksum local_checksum, Run &run) {
  double span[2] = {-run.t0, MPI_Wtime()}; // max of both: -(earliest start), latest end
  double sums[2] = {run.comm, run.comp};
  MPI_Allreduce(MPI_IN_PLACE, span, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  double tmax = span[1] + span[0];
  if (run.local != MPI_COMM_NULL) MPI_Comm_free(&run.local);
  if (run.grid != MPI_COMM_NULL) MPI_Comm_free(&run.grid);
  MPI_Allreduce(MPI_IN_PLACE, sums, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  std::uint64_t local = local_checksum(), global = 0;
  MPI_Reduce(&local, &global, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  if (run.rank == 0) {
    const Options &o = run.o;
    std::uint64_t ref = o.has_expect ? o.expect : 0;
    if (!o.has_expect && o.comm && o.compute && !o.charge_only) ref = serial_checksum(o);
    Timing t{tmax / o.steps, sums[0] / run.size / o.steps, sums[1] / run.size / o.steps};
    print_result(app, variant, o, run.size, t, global, verdict(o, global, ref));
  }
  MPI_Finalize();
}

} // namespace bench
