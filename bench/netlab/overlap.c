/* Overlap probe for the network lab: how much of an exchange can hide behind computation.
 *
 *   mpicc -O2 bench/netlab/overlap.c -o overlap
 *   bench/netlab/netlab run -- ./overlap BYTES COMPUTE_MS SLICE_US
 *
 * Ranks r and r^1 exchange BYTES each way (MPI_Irecv + MPI_Isend) while each computes
 * COMPUTE_MS of fixed work (a calibrated loop, not a wall-clock spin, so time stolen from the
 * core shows up), in slices of SLICE_US. Three schedules, 20 repetitions each:
 *   Testall every slice      MPI_Testall after each slice, MPI_Waitall after the work
 *   Waitall after compute    no MPI call until the work is done (MPI-basic's order, inverted)
 *   compute only             no messages: the reference
 * Rank 0 prints per schedule the mean total time, the time inside MPI calls and when the
 * exchange completed. total - "compute only" is what the exchange cost; "inside MPI" is the
 * part of it spent in MPI calls (a rendezvous moving while the caller waits in MPI), the rest
 * is time the core lost to the kernel's network stack or to waiting.
 *
 * What it showed on this machine (bench/README.md): UCX's TCP transport moves messages up to
 * 16 KB without MPI calls and needs several polls on both sides from 32 KB; at MTU 1500 a
 * 247 KB exchange costs ~2.9 ms of a 5 ms computation whatever the schedule, at MTU 9000
 * ~0.95 ms with a test every 50 us.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile double sink;
static double iterations_per_second;

static void work(long n) {
  double x = sink;
  for (long i = 0; i < n; ++i)
    x = x * 1.0000001 + 1e-9;
  sink = x;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc != 4 || size % 2 != 0) {
    if (rank == 0)
      fprintf(stderr, "usage: overlap BYTES COMPUTE_MS SLICE_US (an even number of ranks)\n");
    MPI_Finalize();
    return 2;
  }
  const long bytes = atol(argv[1]);
  const double compute = atof(argv[2]) * 1e-3, slice = atof(argv[3]) * 1e-6;
  const int reps = 20, peer = rank ^ 1;
  char *sendbuf = malloc(bytes > 0 ? bytes : 1), *recvbuf = malloc(bytes > 0 ? bytes : 1);
  memset(sendbuf, 1, bytes);
  {
    long n = 10000000;
    double t = MPI_Wtime();
    work(n);
    iterations_per_second = n / (MPI_Wtime() - t);
  }
  const long per_slice = (long)(slice * iterations_per_second);
  const char *names[3] = {"Testall every slice", "Waitall after compute", "compute only"};
  for (int mode = 0; mode < 3; ++mode) {
    double inside = 0, done_at = 0, total = 0;
    for (int k = 0; k < reps; ++k) {
      MPI_Barrier(MPI_COMM_WORLD);
      MPI_Request req[2];
      MPI_Status statuses[2]; /* not MPI_STATUSES_IGNORE: GCC 12 warns about it (-Wstringop-overflow) */
      double t0 = MPI_Wtime();
      int done = mode == 2;
      if (!done) {
        MPI_Irecv(recvbuf, (int)bytes, MPI_BYTE, peer, 0, MPI_COMM_WORLD, &req[0]);
        MPI_Isend(sendbuf, (int)bytes, MPI_BYTE, peer, 0, MPI_COMM_WORLD, &req[1]);
      }
      double finished = 0;
      for (double c = 0; c < compute; c += slice) {
        work(per_slice);
        if (mode == 0 && !done) {
          double a = MPI_Wtime();
          MPI_Testall(2, req, &done, statuses);
          inside += MPI_Wtime() - a;
          if (done)
            finished = MPI_Wtime() - t0;
        }
      }
      if (!done) {
        double a = MPI_Wtime();
        MPI_Waitall(2, req, statuses);
        inside += MPI_Wtime() - a;
        finished = MPI_Wtime() - t0;
      }
      done_at += finished;
      total += MPI_Wtime() - t0;
    }
    if (rank == 0)
      printf("OVERLAP bytes=%ld compute_ms=%.1f slice_us=%.0f schedule=\"%s\" total_ms=%.2f "
             "inside_mpi_ms=%.2f exchange_done_ms=%.2f\n",
             bytes, compute * 1e3, slice * 1e6, names[mode], total / reps * 1e3,
             inside / reps * 1e3, done_at / reps * 1e3);
  }
  free(sendbuf);
  free(recvbuf);
  MPI_Finalize();
  return 0;
}
