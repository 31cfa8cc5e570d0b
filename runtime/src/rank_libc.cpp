// rank_libc.cpp - rand, random, drand48 and strtok with one state per virtual rank, by the C
// library's reentrant forms (random_r, drand48_r, strtok_r).
#include "bamboo/libc.h"
#include "bamboo/rank_local.h"

#include "fatal_error.h"
#include "rank_task.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

namespace bamboo::libc {

namespace {

struct RankLibcState {
  // random()'s generator as glibc starts it: initstate(1, state, 128).
  random_data Random{};
  char RandomState[128]{};
  // drand48's: all zero until seeded, as in a new process.
  drand48_data Drand48{};
  unsigned short OldSeed[3]{}; // what seed48 returns
  char *StrtokNext = nullptr;
  // getopt's variables, as a new process has them.
  int Optind = 1, Opterr = 1, Optopt = '?';
  char *Optarg = nullptr;
  bool InOptions = false;   // between a first call and the -1 that ends the options
  bool Interrupted = false; // another rank used getopt while this one was in its options

  RankLibcState() { initstate_r(1, RandomState, sizeof RandomState, &Random); }
};

RankLocal<RankLibcState> State;

// The calling rank's state, or null outside a rank.
RankLibcState *rankState() { return detail::currentTask() ? &State.get() : nullptr; }

} // namespace

long random() noexcept {
  RankLibcState *S = rankState();
  if (!S)
    return ::random();
  int32_t Result;
  random_r(&S->Random, &Result);
  return Result;
}

// glibc's rand() is random() (RAND_MAX is 2^31-1 for both).
int rand() noexcept { return detail::currentTask() ? static_cast<int>(random()) : ::rand(); }

void srandom(unsigned Seed) noexcept {
  if (RankLibcState *S = rankState())
    srandom_r(Seed, &S->Random);
  else
    ::srandom(Seed);
}

void srand(unsigned Seed) noexcept {
  if (detail::currentTask())
    srandom(Seed);
  else
    ::srand(Seed);
}

namespace {
// A draw of the drand48 family: from the rank's generator, or the C library's outside a rank.
template <class Result>
Result draw48(int (*Reentrant)(drand48_data *, Result *), Result (*Shared)()) {
  RankLibcState *S = rankState();
  if (!S)
    return Shared();
  Result Value;
  Reentrant(&S->Drand48, &Value);
  return Value;
}
} // namespace

double drand48() noexcept { return draw48<double>(drand48_r, ::drand48); }
long lrand48() noexcept { return draw48<long>(lrand48_r, ::lrand48); }
long mrand48() noexcept { return draw48<long>(mrand48_r, ::mrand48); }

void srand48(long Seed) noexcept {
  if (RankLibcState *S = rankState())
    srand48_r(Seed, &S->Drand48);
  else
    ::srand48(Seed);
}

unsigned short *seed48(unsigned short Seed[3]) noexcept {
  RankLibcState *S = rankState();
  if (!S)
    return ::seed48(Seed);
  std::memcpy(S->OldSeed, S->Drand48.__x, sizeof S->OldSeed);
  seed48_r(Seed, &S->Drand48);
  return S->OldSeed;
}

char *strtok(char *Text, const char *Delimiters) noexcept {
  RankLibcState *S = rankState();
  if (!S)
    return ::strtok(Text, Delimiters);
  return strtok_r(Text, Delimiters, &S->StrtokNext);
}

namespace {

std::mutex GetoptLock;
RankLibcState *LastGetopt = nullptr; // the rank whose position the C library holds

// Runs one getopt-family call of the calling rank with its position in the C library's
// variables, and keeps the position the call leaves.
template <class F> int withRankPosition(F &&Call) {
  RankLibcState *S = rankState();
  if (!S)
    return Call();
  std::lock_guard L(GetoptLock);
  if (LastGetopt != S) {
    // The C library's position inside a group of short options (-abc) was this rank's and is
    // lost: going on could skip options, so it is an error rather than a different answer.
    if (S->Interrupted && S->InOptions)
      detail::fatalError("rank " + std::to_string(detail::currentTask()->WorldRank) +
                         ": getopt: another virtual rank of this process parsed its options "
                         "while this one was in the middle of its own; the C library keeps "
                         "one position per process, so ranks must parse one after another");
    if (LastGetopt && LastGetopt->InOptions)
      LastGetopt->Interrupted = true;
    // optind 0 makes glibc start again (its position inside a group too); a rank that has
    // not started, or set optind itself, begins at its own optind.
    ::optind = S->Optind == 1 && !S->InOptions ? 0 : S->Optind;
    LastGetopt = S;
  } else {
    ::optind = S->Optind;
  }
  ::opterr = S->Opterr;
  int Result = Call();
  S->Optind = ::optind;
  S->Optarg = ::optarg;
  S->Optopt = ::optopt;
  S->InOptions = Result != -1;
  return Result;
}

} // namespace

int getopt(int Argc, char *const Argv[], const char *Options) noexcept {
  return withRankPosition([&] { return ::getopt(Argc, Argv, Options); });
}

int getopt_long(int Argc, char *const Argv[], const char *Options, const struct option *Long,
                int *Index) noexcept {
  return withRankPosition([&] { return ::getopt_long(Argc, Argv, Options, Long, Index); });
}

int getopt_long_only(int Argc, char *const Argv[], const char *Options, const struct option *Long,
                     int *Index) noexcept {
  return withRankPosition([&] { return ::getopt_long_only(Argc, Argv, Options, Long, Index); });
}

void exit(int Status) {
  detail::RankTask *T = detail::currentTask();
  if (!T)
    std::exit(Status);
  if (T->MPIInitialized && !T->MPIFinalized)
    detail::fatalError("rank " + std::to_string(T->WorldRank) + " called exit(" +
                       std::to_string(Status) +
                       ") between MPI_Init and MPI_Finalize: the job ends, as under MPI");
  throw detail::RankExit{Status};
}

int &optind() noexcept {
  RankLibcState *S = rankState();
  return S ? S->Optind : ::optind;
}
int &opterr() noexcept {
  RankLibcState *S = rankState();
  return S ? S->Opterr : ::opterr;
}
int &optopt() noexcept {
  RankLibcState *S = rankState();
  return S ? S->Optopt : ::optopt;
}
char *&optarg() noexcept {
  RankLibcState *S = rankState();
  return S ? S->Optarg : ::optarg;
}

} // namespace bamboo::libc
