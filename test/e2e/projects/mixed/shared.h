/* shared.h - mixed: the interface between the C parts and the C++ main, included by both. */
#ifndef MIXED_SHARED_H
#define MIXED_SHARED_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CELLS 32

/* Defined in field.c, read and written by main.cpp. */
extern double field[CELLS];
extern int sweeps_done;
/* Defined in main.cpp, read by the C parts. */
extern int verbose_rank;

struct stats {
  double sum, max;
};

void field_init(int rank);
void field_sweep(MPI_Comm comm);
struct stats field_stats(MPI_Comm comm);
long reduce_calls(void);

/* Called from both languages: waits in a function of a header. */
static inline double global_sum(double x, MPI_Comm comm) {
  double s = 0;
  MPI_Allreduce(&x, &s, 1, MPI_DOUBLE, MPI_SUM, comm);
  return s;
}

#ifdef __cplusplus
}
#endif

#endif
