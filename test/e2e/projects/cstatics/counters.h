/* counters.h - cstatics: two files each with a `static int counter` of their own. */
#ifndef CSTATICS_COUNTERS_H
#define CSTATICS_COUNTERS_H

/* Calls of any counter function on this rank: defined in counter_a.c, used in both files. */
extern int counter_calls;

int counter_a_next(int step);
int counter_a_total(void);
int counter_b_next(int step);
int counter_b_value(void);

#endif
