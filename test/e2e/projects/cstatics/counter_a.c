/* counter_a.c - cstatics: a `static int counter` (and a static function `bump`) whose names
 * counter_b.c uses too, each file's its own. */
#include <mpi.h>

#include "counters.h"

int counter_calls = 0;

static int counter = 100;

static int bump(int step)
{
  counter += step;
  return counter;
}

int counter_a_next(int step)
{
  ++counter_calls;
  return bump(step);
}

/* This file's counter summed over all ranks. */
int counter_a_total(void)
{
  int total = 0;
  ++counter_calls;
  MPI_Allreduce(&counter, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return total;
}
