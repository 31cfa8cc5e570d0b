// openmp.h - whether the calling thread is inside an OpenMP parallel region.
//
// OpenMP runtimes (GCC's libgomp, LLVM's libomp) keep the state of a parallel region's team in
// the thread that started it. A virtual rank that waited inside its region and gave its worker
// to another rank would have the other rank's parallel regions nest inside its own, and come
// back to a thread whose team state is no longer its own. The runtime is not built with OpenMP:
// the question is answered only when the program links an OpenMP runtime.
#pragma once

#include <string>

namespace bamboo::detail {

bool insideOpenMPParallelRegion() noexcept;

// Why OpenMP teams would not work for their ranks: the program's libgomp is found before the
// runtime's definitions of its team-starting entry points (openmp_teams.cpp); empty if they are
// the runtime's, or if no OpenMP runtime is loaded.
std::string openMPTeamStartProblem();

} // namespace bamboo::detail
