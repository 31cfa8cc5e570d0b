// openmp_teams.cpp - an OpenMP team works for the rank that started its parallel region.
//
// A thread of a team that libgomp (GCC's OpenMP runtime) starts for a rank is one of libgomp's
// pooled threads, not the rank's: it would not find the rank's per-rank variables, and a pool
// thread may serve one rank's region and then another's. So the runtime defines libgomp's entry
// points that start a team: each wraps the region's body so that every thread of the team is a
// member of the rank's team while it runs the body (TeamMembership), then calls libgomp's own
// (the next definition, dlsym(RTLD_NEXT)). GCC compiles every construct that starts a team
// into one of these calls; nested regions and OpenMP tasks run inside a team's body.
//
// Only a program compiled with -fopenmp calls them. They are the program's only if the runtime's
// library comes before libgomp in its search order (bamboo-cxx links it so); bamboo::run checks.
// Outside a rank (before bamboo::run) they change nothing.
#include "fatal_error.h"
#include "openmp.h"
#include "rank_task.h"

#include <dlfcn.h>

namespace bamboo::detail {
namespace {

using Body = void (*)(void *);

// What a team's threads run: the region's body, for Rank. Head is the first word of the body's
// data where libgomp reads it.
struct RankRegion {
  void *Head;
  Body Fn;
  void *Data;
  RankTask *Rank;
};

void runForRank(void *P) {
  const RankRegion &R = *static_cast<const RankRegion *>(P);
  if (currentTask() == R.Rank) { // the rank's own thread, the team's master
    R.Fn(R.Data);
    return;
  }
  TeamMembership Member(R.Rank);
  R.Fn(R.Data);
}

// libgomp's definition of Name, the one after the program's.
template <class Function> Function nextDefinition(const char *Name) {
  void *F = dlsym(RTLD_NEXT, Name);
  if (!F)
    fatalError(std::string("OpenMP: the program calls ") + Name +
               ", which its OpenMP runtime does not define (Bamboo supports GCC's libgomp)");
  return reinterpret_cast<Function>(F);
}

// ReadsDataHead: libgomp reads the table of the region's task reductions from the data's first
// word (GOMP_parallel_reductions).
template <bool ReadsDataHead, class Result, class... Rest>
Result startTeam(Result (*Real)(Body, void *, Rest...), Body Fn, void *Data, Rest... Arguments) {
  RankTask *Rank = rankOfThisThread();
  if (!Rank)
    return Real(Fn, Data, Arguments...);
  // Lives until the team has ended: Real returns then.
  RankRegion Region{ReadsDataHead ? *static_cast<void **>(Data) : nullptr, Fn, Data, Rank};
  return Real(runForRank, &Region, Arguments...);
}

} // namespace

std::string openMPTeamStartProblem() {
  void *Found = dlsym(RTLD_DEFAULT, "GOMP_parallel");
  Dl_info Where, Ours;
  // The address of GOMP_parallel taken here would be the one the program uses, whoever defines
  // it; this file's own code says which object is ours.
  if (!Found || !dladdr(Found, &Where) || !dladdr(reinterpret_cast<void *>(&runForRank), &Ours) ||
      Where.dli_fbase == Ours.dli_fbase)
    return "";
  return std::string("OpenMP: the program finds GOMP_parallel in ") +
         (Where.dli_fname ? Where.dli_fname : "another library") +
         " before the Bamboo runtime, so its teams would not work for their ranks; link the "
         "runtime before the OpenMP library (bamboo-cxx does)";
}

} // namespace bamboo::detail

// libgomp's entry points that start a team (GCC 4.9 and later; libgomp_g.h), in the order of
// their parameters after the body and its data.
#define BAMBOO_UNPAREN(...) __VA_ARGS__
#define BAMBOO_TEAM_START_WITH(Start, Result, Name, Parameters, Arguments)                         \
  extern "C" Result Name(bamboo::detail::Body Fn, void *Data, BAMBOO_UNPAREN Parameters) {         \
    static const auto Real = bamboo::detail::nextDefinition<decltype(&Name)>(#Name);               \
    return bamboo::detail::Start(Real, Fn, Data, BAMBOO_UNPAREN Arguments);                        \
  }
#define BAMBOO_TEAM_START(Result, Name, Parameters, Arguments)                                     \
  BAMBOO_TEAM_START_WITH(startTeam<false>, Result, Name, Parameters, Arguments)
#define BAMBOO_LOOP_START(Name)                                                                    \
  BAMBOO_TEAM_START(                                                                               \
      void, Name, (unsigned Threads, long Start, long End, long Step, long Chunk, unsigned Flags), \
      (Threads, Start, End, Step, Chunk, Flags))
#define BAMBOO_RUNTIME_LOOP_START(Name)                                                            \
  BAMBOO_TEAM_START(void, Name,                                                                    \
                    (unsigned Threads, long Start, long End, long Step, unsigned Flags),           \
                    (Threads, Start, End, Step, Flags))

BAMBOO_TEAM_START(void, GOMP_parallel, (unsigned Threads, unsigned Flags), (Threads, Flags))
BAMBOO_TEAM_START_WITH(startTeam<true>, unsigned, GOMP_parallel_reductions,
                       (unsigned Threads, unsigned Flags), (Threads, Flags))
BAMBOO_TEAM_START(void, GOMP_parallel_sections, (unsigned Threads, unsigned Count, unsigned Flags),
                  (Threads, Count, Flags))
BAMBOO_TEAM_START(void, GOMP_teams_reg, (unsigned Teams, unsigned ThreadLimit, unsigned Flags),
                  (Teams, ThreadLimit, Flags))
BAMBOO_LOOP_START(GOMP_parallel_loop_static)
BAMBOO_LOOP_START(GOMP_parallel_loop_dynamic)
BAMBOO_LOOP_START(GOMP_parallel_loop_guided)
BAMBOO_LOOP_START(GOMP_parallel_loop_nonmonotonic_dynamic)
BAMBOO_LOOP_START(GOMP_parallel_loop_nonmonotonic_guided)
BAMBOO_RUNTIME_LOOP_START(GOMP_parallel_loop_runtime)
BAMBOO_RUNTIME_LOOP_START(GOMP_parallel_loop_nonmonotonic_runtime)
BAMBOO_RUNTIME_LOOP_START(GOMP_parallel_loop_maybe_nonmonotonic_runtime)
