/* main.c - cstatics: a `static int counter` in counter_a.c and another in counter_b.c, and a
 * global (counter_calls) declared in counters.h, defined in counter_a.c and counted in both.
 * Each rank advances the counters by steps that depend on its rank; rank 0 prints the sums over
 * all ranks, which depend only on the number of ranks.
 */
#include <mpi.h>
#include <stdio.h>

#include "counters.h"

int main(int argc, char **argv)
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  for (int round = 1; round <= 3; round++) {
    int local[3], sums[3];
    local[0] = counter_a_next(rank + round);
    local[1] = counter_b_next(rank * round);
    local[2] = counter_calls;
    MPI_Allreduce(local, sums, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    int a_total = counter_a_total();
    if (rank == 0)
      printf("round %d: counter a %d (own total %d), counter b %d, calls %d\n", round, sums[0],
             a_total, sums[1], sums[2]);
  }
  int mine[2] = {counter_b_value(), counter_calls}, last[2];
  MPI_Reduce(mine, last, 2, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("largest counter b %d, most calls %d on %d ranks\n", last[0], last[1], size);

  MPI_Finalize();
  return 0;
}
