// globals.cpp - the one definition of the program-wide globals declared in common.h.
#include "common.h"

int g_rank = -1;
int g_size = 0;
double g_weights[kNumWeights] = {1.0, 0.5, 0.25, 0.125};

void init_globals() {
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
  for (int i = 0; i < kNumWeights; ++i)
    g_weights[i] *= g_rank + 1;
  tu_events += 1000; // globals.cpp's own copy
}

double weight_sum() {
  double sum = 0.0;
  for (int i = 0; i < kNumWeights; ++i)
    sum += g_weights[i];
  return sum + tu_events / 1000; // 1 once init_globals() has run
}
