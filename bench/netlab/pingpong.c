/* Calibration for the network lab: measures what a link between MPI ranks really carries.
 *
 *   pingpong [--bytes B] [--reps R] [--time S]
 *
 * Rank 0 ping-pongs with rank 1 (latency with 8-byte messages, one-way bandwidth with B-byte
 * messages), then every rank pair (r, r^1) exchanges B bytes in both directions at once, which
 * is what a halo exchange does. With more than two ranks, pairs 0-1, 2-3, ... cross the
 * switch (bridge) in the lab. Rank 0 prints one machine-readable line:
 *
 *   CALIBRATE procs=2 bytes=1048576 latency_us=41.2 pingpong_MBps=91.3 exchange_MBps=90.8
 *
 * With more processes than cores (this lab on a small machine), the exchange figure includes
 * CPU contention; the ping-pong figure does not. MB is 1e6 bytes. Bandwidth is bytes / (round trip / 2) for the ping-pong, and bytes sent by
 * one rank / time for the exchange. The number of repetitions adapts so each part takes about
 * --time seconds (default 0.5) whatever the link rate.
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Ranks that sit out the ping-pong wait here without spinning: with more processes than cores,
 * a spinning bystander would steal the CPU from the two ranks being measured. */
static void idle_wait(MPI_Request *req) {
  int done = 0;
  struct timespec ms = {0, 1000000};
  for (MPI_Test(req, &done, MPI_STATUS_IGNORE); !done; MPI_Test(req, &done, MPI_STATUS_IGNORE))
    nanosleep(&ms, NULL);
}

static double pingpong(char *buf, int bytes, int reps, int rank) {
  MPI_Request req;
  MPI_Ibarrier(MPI_COMM_WORLD, &req);
  idle_wait(&req);
  double t0 = MPI_Wtime();
  for (int i = 0; i < reps; ++i) {
    if (rank == 0) {
      MPI_Send(buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
      MPI_Recv(buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
    }
  }
  double t = (MPI_Wtime() - t0) / reps; /* one round trip */
  MPI_Ibcast(&t, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD, &req);
  if (rank > 1) idle_wait(&req);
  else MPI_Wait(&req, MPI_STATUS_IGNORE);
  return t;
}

static double exchange(char *sbuf, char *rbuf, int bytes, int reps, int rank, int size) {
  int peer = rank ^ 1;
  if (peer >= size) peer = MPI_PROC_NULL; /* odd rank count: the last rank sits out */
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int i = 0; i < reps; ++i)
    MPI_Sendrecv(sbuf, bytes, MPI_BYTE, peer, 1, rbuf, bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
  double t = (MPI_Wtime() - t0) / reps, tmax = 0;
  MPI_Allreduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return tmax;
}

/* Repetitions so that one part takes about `seconds`, from one trial round trip. */
static int reps_for(double round_trip, double seconds) {
  double r = seconds / (round_trip > 1e-7 ? round_trip : 1e-7);
  return r < 2 ? 2 : r > 100000 ? 100000 : (int)r;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int bytes = 1 << 20;
  double seconds = 0.5;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--bytes") && i + 1 < argc) bytes = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--time") && i + 1 < argc) seconds = atof(argv[++i]);
    else {
      if (rank == 0) fprintf(stderr, "usage: pingpong [--bytes B] [--time S]\n");
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
  }
  if (size < 2 || bytes < 8) {
    if (rank == 0) fprintf(stderr, "pingpong: needs at least 2 ranks and 8 bytes\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  char *sbuf = malloc((size_t)bytes), *rbuf = malloc((size_t)bytes);
  memset(sbuf, 1, (size_t)bytes);
  memset(rbuf, 0, (size_t)bytes);

  /* Warm up connections (UCX connects lazily) before anything is timed. */
  pingpong(sbuf, 8, 10, rank);
  exchange(sbuf, rbuf, 8, 10, rank, size);

  double lat = pingpong(sbuf, 8, reps_for(pingpong(sbuf, 8, 10, rank), seconds / 2), rank);
  double pp = pingpong(sbuf, bytes, reps_for(pingpong(sbuf, bytes, 2, rank), seconds), rank);
  double ex = exchange(sbuf, rbuf, bytes, reps_for(exchange(sbuf, rbuf, bytes, 2, rank, size),
                                                    seconds), rank, size);
  if (rank == 0)
    printf("CALIBRATE procs=%d bytes=%d latency_us=%.1f pingpong_MBps=%.1f exchange_MBps=%.1f\n",
           size, bytes, lat / 2 * 1e6, bytes / (pp / 2) / 1e6, bytes / ex / 1e6);
  free(sbuf);
  free(rbuf);
  MPI_Finalize();
  return 0;
}
