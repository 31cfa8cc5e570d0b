// A user header that starts with system includes after its guard.
#ifndef PREFIX_GUARDED_H
#define PREFIX_GUARDED_H
#include <step.h>
#include <mpi.h>
#include <reentrant.h>

extern int counter;
static int twice(int x) { return step(x) + step(x) }
#endif
