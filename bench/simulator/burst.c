// burst.c - what SMPI charges for the same burst of computation as the number of simulated
// processes grows (docs/scale.md, "Why the per-message cost grows").
//
// SMPI times the computation between two MPI calls by running it, and one OS process runs
// every simulated process in turn, so a burst starts with the caches the others left. Every
// process here repeats one burst between MPI_Iprobe calls: four sweeps over a buffer of its
// own (argv[1] bytes), or, with 0 bytes, arithmetic on registers alone; or, with argv[3]
// "chase", 1,024 dependent loads at random places of that buffer, as code that follows
// pointers through a heap does (the runtime's per-message work: requests, queues, frames).
// Rank 0 prints the simulated time of a burst, its own and the slowest process's. No answer
// to check: the sums are printed so that the compiler keeps the loops.
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ChaseLoads = 1024 };

// The buffer as one random cycle through its 64-byte lines: each line's first word is the
// index of the next.
static void link_lines(double *buf, size_t n) {
  size_t lines = n / 8, *order = malloc(lines * sizeof *order);
  for (size_t i = 0; i < lines; ++i)
    order[i] = i;
  srand(12345);
  for (size_t i = lines - 1; i > 0; --i) {
    size_t j = (size_t)rand() % (i + 1), t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  for (size_t i = 0; i < lines; ++i)
    buf[order[i] * 8] = (double)order[(i + 1) % lines];
  free(order);
}

static size_t chase(const double *buf, size_t at) {
  for (int k = 0; k < ChaseLoads; ++k)
    at = (size_t)buf[at * 8];
  return at;
}

static double burst(double *buf, size_t n, double sum) {
  if (n == 0) {
    for (int k = 0; k < 8000; ++k)
      sum = sum * 0.999 + 1.0;
    return sum;
  }
  for (int sweep = 0; sweep < 4; ++sweep)
    for (size_t k = 0; k < n; ++k) {
      buf[k] = buf[k] * 0.5 + (double)k;
      sum += buf[k];
    }
  return sum;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  size_t bytes = argc > 1 ? (size_t)atol(argv[1]) : 16384;
  int bursts = argc > 2 ? atoi(argv[2]) : 200;
  int chasing = argc > 3 && strcmp(argv[3], "chase") == 0;
  size_t n = bytes / sizeof(double);
  double *buf = calloc(n ? n : 1, sizeof(double));
  if (chasing && n < 16) {
    fprintf(stderr, "burst: chase needs a buffer of at least two lines\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  if (chasing)
    link_lines(buf, n);
  double sum = 0;
  size_t at = 0;
  int flag;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int i = 0; i < bursts; ++i) {
    if (chasing)
      at = chase(buf, at);
    else
      sum = burst(buf, n, sum);
    MPI_Iprobe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
  }
  double t = (MPI_Wtime() - t0) / bursts, slowest;
  MPI_Reduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("BURST processes=%d bytes=%zu mode=%s rank0_us=%.3f slowest_us=%.3f sum=%g\n", size,
           bytes, chasing ? "chase" : "sweep", t * 1e6, slowest * 1e6, sum + (double)at);
  free(buf);
  MPI_Finalize();
  return 0;
}
