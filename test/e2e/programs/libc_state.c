/* The C library's hidden state, used across MPI calls: every rank draws from its own rand,
 * random and drand48 sequences, tokenizes its own string with strtok and parses its options with
 * getopt while the other ranks of its process run in between (issue 10: they shared one state
 * per process). */
#define _DEFAULT_SOURCE /* random, drand48 under -std=c11 too */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>
#include <unistd.h>

static long sum_all(long x) {
  long all = 0;
  MPI_Allreduce(&x, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  return all;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);

  /* Unseeded first: each process starts as if seeded with 1. */
  long first = rand() % 1000;
  srand(100u + (unsigned)rank);
  srandom(200u + (unsigned)rank);
  srand48(300 + rank);
  long draws = 0;
  for (int batch = 0; batch < 5; batch++) {
    draws += rand() % 1000 + random() % 1000 + lrand48() % 1000 + (long)(drand48() * 1000);
    draws += sum_all(draws) % 7; /* the rank suspends here */
  }
  unsigned short seed[3] = {1, 2, (unsigned short)rank};
  seed48(seed);
  long after_seed48 = mrand48() % 1000;

  char text[64];
  snprintf(text, sizeof text, "r%d,a,b,c", rank);
  char *token = strtok(text, ",");
  int count = 0;
  char last[16] = "";
  while (token) {
    MPI_Barrier(MPI_COMM_WORLD); /* between two calls of strtok */
    count++;
    snprintf(last, sizeof last, "%s", token);
    token = strtok(NULL, ",");
  }
  /* Every rank parses the same options: getopt's position is the rank's. */
  char prog[] = "app", o1[] = "-vn", o2[] = "5", o3[] = "--level=3", o4[] = "input";
  char *args[] = {prog, o1, o2, o3, o4, NULL};
  static const struct option longs[] = {{"level", required_argument, NULL, 'l'}, {NULL, 0, NULL, 0}};
  int c, n = 0, level = 0, verbose = 0;
  while ((c = getopt_long(5, args, "vn:", longs, NULL)) != -1) {
    if (c == 'n')
      n = atoi(optarg);
    else if (c == 'l')
      level = atoi(optarg);
    else if (c == 'v')
      verbose = 1;
  }
  MPI_Barrier(MPI_COMM_WORLD); /* the others parse meanwhile; optind stays this rank's */
  printf("rank %d: first %ld draws %ld seed48 %ld tokens %d last %s options %d %d %d %s\n",
         rank, first, draws, after_seed48, count, last, n, level, verbose, args[optind]);
  MPI_Finalize();
  return 0;
}
