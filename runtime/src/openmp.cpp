// openmp.cpp - see openmp.h.
#include "openmp.h"

// OpenMP's own API, resolved only in a program compiled with -fopenmp (weak: null otherwise).
extern "C" int omp_get_level(void) __attribute__((weak));

namespace bamboo::detail {

// omp_get_level counts the enclosing parallel regions, active or not: a region of one thread
// has its team state in the thread all the same.
bool insideOpenMPParallelRegion() noexcept { return omp_get_level && omp_get_level() > 0; }

} // namespace bamboo::detail
