/* counter_b.c - cstatics: a `static int counter` of its own (counter_a.c has one too), and a
 * function-local static that is set on the first call only. */
#include "counters.h"

static int counter = 7;

static int bump(int step)
{
  counter += 2 * step;
  return counter;
}

int counter_b_next(int step)
{
  static int first = 1;
  ++counter_calls;
  if (first) {
    first = 0;
    counter *= 3;
  }
  return bump(step);
}

int counter_b_value(void)
{
  ++counter_calls;
  return counter;
}
