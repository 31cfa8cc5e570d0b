/* Reaches MPI for feature-test-macros.c. */
#include <mpi.h>
extern int counter;
