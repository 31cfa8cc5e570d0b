// Includes <mpi.h> and makes no MPI call: compiled with plain mpicxx, it holds
// only what the header defines (with Open MPI, its C++ bindings' inline
// functions, which call MPI's C functions).
#include "sum.h"
#include <mpi.h>
int global_sum(int x) { return x * 4; }
