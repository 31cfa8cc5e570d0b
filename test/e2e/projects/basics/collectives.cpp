// collectives.cpp - blocking collectives called from main.cpp.
#include "collectives.h"
#include "common.h"

int global_sum(int x) {
  int sum = 0;
  MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  ++tu_events;
  return sum;
}

long exclusive_offset(long count) {
  long inclusive = 0;
  MPI_Scan(&count, &inclusive, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  ++tu_events;
  return inclusive - count;
}

int broadcast_from(int value, int root) {
  MPI_Bcast(&value, 1, MPI_INT, root, MPI_COMM_WORLD);
  ++tu_events;
  return value;
}

int ring_checksum(int value) {
  int once = ring_pass(value, MPI_COMM_WORLD);
  int twice = ring_pass(once, MPI_COMM_WORLD);
  const int ticket = next_ticket(); // the first ticket of every rank
  tu_events += 10;
  return global_sum(value * 100 + once * 10 + twice + ticket % 100);
}

int collectives_events() { return tu_events; }
