// common.h - per-rank state shared by every file of the basics program.
#ifndef BASICS_COMMON_H
#define BASICS_COMMON_H

#include <mpi.h>

constexpr int kNumWeights = 4;

// Defined once, in globals.cpp; set up by init_globals() and changed by other files.
extern int g_rank;
extern int g_size;
extern double g_weights[kNumWeights];

void init_globals();  // globals.cpp
double weight_sum();  // globals.cpp

// 'static' in a header: every .cpp that includes it has a copy of its own.
static int tu_events = 0;

// One ticket counter per rank for the whole program (an inline function has one static local).
inline int next_ticket() {
  static int ticket = 100;
  return ticket++;
}

#endif
