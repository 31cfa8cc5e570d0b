// What the benchmark applications share: command line, process grid, answer checksum, result
// line. No MPI here: the MPI around each variant's schedule is driver.hpp's, and the schedule's
// own stays in the variant's source file, where a reader compares them.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

struct Options {
  long n = 0;         // global problem size (grid points per dimension, matrix order)
  int steps = 20;     // timed steps
  int warmup = 2;     // untimed steps before them (they count in the answer)
  bool comm = true;   // --no-comm: the MPI-nocomm variant (same compute, no messages)
  bool compute = true; // --no-compute: communication only, for the ideal time
  // --sync-local: a barrier at every step among the ranks of one node (MPI_COMM_TYPE_SHARED).
  // With --no-comm under Bamboo, the virtual ranks of a process then take turns step by step
  // as in a real run (without it each would run all its steps at once, its block alone in the
  // cache): the Bamboo-nocomm variant.
  bool sync_local = false;
  bool serial = false; // --serial: print the serial reference checksum and exit (1 rank)
  // The rank count the answer is for: the run's own (driver.hpp's start sets it), or with
  // --serial, --ranks P. Only bcast's and alltoall's answers depend on it (their checksum
  // covers every rank's copy); the others ignore it.
  int ranks = 1;
  // --kernel-cost S (simulations, jacobi3d and cannon): each unit of the kernel's work (a
  // point updated, a multiply-add) is charged S simulated seconds instead of the time it took
  // to run here, so that the computation costs every variant the same at every scale, whatever
  // the simulator's caches do (docs/scale.md, "Computation modelled"). Under SMPI only, with
  // smpirun --cfg=smpi/simulate-computation:no. --charge-only: charged and not run (no answer).
  double kernel_cost = 0;
  bool charge_only = false;
  bool has_expect = false; // --expect HEX: compare against a cached reference
  std::uint64_t expect = 0;
  int total() const { return warmup + steps; }
};

[[noreturn]] inline void usage(const char *app, const char *why) {
  std::fprintf(stderr,
               "%s: %s\nusage: %s [--n N] [--steps S] [--warmup W] [--no-comm] [--no-compute]\n"
               "          [--sync-local] [--kernel-cost S [--charge-only]]\n"
               "          [--expect HEX | --serial [--ranks P]]\n"
               "  Without --expect, rank 0 recomputes the answer serially (outside the timed\n"
               "  region) and compares; --serial prints that reference checksum alone (for P\n"
               "  ranks, where the answer depends on the rank count: bcast, alltoall).\n",
               app, why, app);
  std::exit(2);
}

inline Options parse(int argc, char **argv, const char *app, long default_n) {
  Options o;
  o.n = default_n;
  auto num = [&](int &i) -> long {
    if (i + 1 >= argc) usage(app, "missing value");
    char *end = nullptr;
    long v = std::strtol(argv[++i], &end, 10);
    if (*end != '\0' || v < 0) usage(app, "bad number");
    return v;
  };
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--n") o.n = num(i);
    else if (a == "--steps") o.steps = static_cast<int>(num(i));
    else if (a == "--warmup") o.warmup = static_cast<int>(num(i));
    else if (a == "--no-comm") o.comm = false;
    else if (a == "--no-compute") o.compute = false;
    else if (a == "--sync-local") o.sync_local = true;
    else if (a == "--serial") o.serial = true;
    else if (a == "--ranks") o.ranks = static_cast<int>(num(i));
    else if (a == "--kernel-cost" && i + 1 < argc) {
      char *end = nullptr;
      o.kernel_cost = std::strtod(argv[++i], &end);
      if (*end != '\0' || !(o.kernel_cost > 0)) usage(app, "--kernel-cost: seconds a unit");
    } else if (a == "--charge-only") o.charge_only = true;
    else if (a == "--expect" && i + 1 < argc) {
      o.has_expect = true;
      o.expect = std::strtoull(argv[++i], nullptr, 16);
    } else usage(app, ("unknown argument " + std::string(a)).c_str());
  }
  if (o.n < 1 || o.steps < 1) usage(app, "--n and --steps must be positive");
  if (o.ranks < 1) usage(app, "--ranks must be positive");
  if (o.kernel_cost > 0 && std::string_view(app) != "jacobi3d" &&
      std::string_view(app) != "cannon")
    usage(app, "--kernel-cost: only jacobi3d and cannon count their kernel's work");
  if (o.charge_only && o.kernel_cost <= 0) usage(app, "--charge-only needs --kernel-cost");
  return o;
}

// Balanced factorization of `size` into `nd` factors, largest first (what MPI_Dims_create
// gives for these sizes), done here because the runtime need not support MPI_Dims_create.
inline std::vector<int> dims_create(int size, int nd) {
  std::vector<int> dims(nd, 1);
  std::vector<int> primes; // prime factors, largest first
  for (int p = 2, s = size; s > 1; ++p)
    while (s % p == 0) primes.insert(primes.begin(), p), s /= p;
  for (int p : primes) *std::min_element(dims.begin(), dims.end()) *= p;
  std::sort(dims.rbegin(), dims.rend());
  return dims;
}

// Block distribution of n points over p parts: part c gets [begin, begin + count).
struct Range {
  long begin, count;
};
inline Range block(long n, int p, int c) {
  long q = n / p, r = n % p;
  return {c * q + std::min<long>(c, r), q + (c < r ? 1 : 0)};
}

// Answer checksum: a sum over points of a hash of (global index, exact bits of the value),
// modulo 2^64. It is exact and independent of the summation order, so any decomposition,
// any number of ranks and the serial reference give the same value when (and only when)
// every point holds the same double.
inline std::uint64_t mix(std::uint64_t x) { // splitmix64 finalizer
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
inline std::uint64_t point_hash(std::uint64_t global_index, double v) {
  return mix(global_index * 0x2545f4914f6cdd1dULL ^ std::bit_cast<std::uint64_t>(v));
}

// Deterministic initial values in [0, 1), from the global index only.
inline double init_value(std::uint64_t global_index) {
  return static_cast<double>(mix(global_index) >> 11) * 0x1.0p-53;
}

struct Timing {
  double per_step;      // wall time per step: the slowest rank
  double comm_per_step; // mean over ranks of the time spent exchanging
  double comp_per_step; // mean over ranks of the time spent computing
};

// The line the harness reads. check: ok, FAIL, or skip (variants without the real answer).
inline void print_result(const char *app, const char *variant, const Options &o, int ranks,
                         const Timing &t, std::uint64_t checksum, const char *check) {
  const char *mode = !o.comm ? "nocomm" : !o.compute ? "commonly" : "full";
  std::printf("RESULT app=%s variant=%s mode=%s ranks=%d n=%ld steps=%d warmup=%d "
              "time_per_step=%.6e comm_per_step=%.6e comp_per_step=%.6e checksum=%016llx "
              "check=%s\n",
              app, variant, mode, ranks, o.n, o.steps, o.warmup, t.per_step, t.comm_per_step,
              t.comp_per_step, static_cast<unsigned long long>(checksum), check);
  std::fflush(stdout);
}

inline void print_reference(const char *app, const Options &o, std::uint64_t checksum) {
  std::printf("REFERENCE app=%s ranks=%d n=%ld steps=%d warmup=%d checksum=%016llx\n", app,
              o.ranks, o.n, o.steps, o.warmup, static_cast<unsigned long long>(checksum));
  std::fflush(stdout);
}

// The verdict, given the reference (computed or cached) when one applies.
inline const char *verdict(const Options &o, std::uint64_t got, std::uint64_t reference) {
  if (!o.comm || !o.compute || o.charge_only) return "skip";
  return got == reference ? "ok" : "FAIL";
}

} // namespace bench
