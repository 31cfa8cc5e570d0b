// microbench.cpp - costs of the runtime, as ratios to raw MPI measured in the same run.
//
//   mpiexec -n 2 build/bin/bamboo-microbench [--quick] [--only BYTES]
//
// 1. Round trip between two tasks of one process (no MPI involved).
// 2. Round trip and bandwidth across processes for 8 B, 64 KiB and 4 MiB: raw MPI_Send/Recv
//    ping-pong against the same ping-pong between two virtual ranks on different processes.
//    Raw and Bamboo repetitions alternate, so that each pair sees the same machine (a shared
//    virtual machine's speed drifts by several times over seconds); the ratio is the median
//    of the pairs' ratios. A "MICRO ..." line per size is for bench/run.
// 3. The cost of a task switch: two tasks of one process yielding to each other.
//
// --only BYTES runs just the cross-process ping-pong of that size, ten times longer (for a
// profiler). Not a test: the numbers depend on the machine and its load; docs/performance.md
// records them (bench/run).
#include <bamboo/options.h>
#include <bamboo/bamboo.h>

#include <algorithm>
#include <cstdarg>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Size {
  const char *Name;
  int Bytes;
  int Iterations;
};

int Process = 0;
bool Quick = false;
int Only = -1; // --only: the one size to run

int iterations(int Full) { return Quick ? std::max(Full / 20, 10) : Full; }

// Median of the per-repetition times, in seconds per round trip.
double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

constexpr int Repetitions = 5;

// One repetition of a raw MPI ping-pong (after a tenth as many untimed round trips); seconds
// per round trip, as measured by process 0, on both processes.
double rawRoundTrip(const Size &S) {
  std::vector<char> Buf(S.Bytes);
  int Peer = 1 - Process;
  int N = iterations(S.Iterations);
  double T0 = 0;
  for (int I = -N / 10; I < N; ++I) {
    if (I == 0) {
      MPI_Barrier(MPI_COMM_WORLD);
      T0 = MPI_Wtime();
    }
    if (Process == 0) {
      MPI_Send(Buf.data(), S.Bytes, MPI_CHAR, Peer, 0, MPI_COMM_WORLD);
      MPI_Recv(Buf.data(), S.Bytes, MPI_CHAR, Peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(Buf.data(), S.Bytes, MPI_CHAR, Peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(Buf.data(), S.Bytes, MPI_CHAR, Peer, 0, MPI_COMM_WORLD);
    }
  }
  double Time = (MPI_Wtime() - T0) / N;
  MPI_Bcast(&Time, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  return Time;
}

// Ping-pong between world ranks A and B (the others idle), Reps timed repetitions after a
// tenth as many untimed round trips; returns the median seconds per round trip, as measured
// by rank A, on every process.
double bambooRoundTrip(const Size &S, int VF, int A, int B, int Reps = Repetitions) {
  double Result = 0;
  bamboo::Options O;
  O.VirtualRanksPerProcess = VF;
  static char Name[] = "microbench";
  static char *Argv[] = {Name, nullptr};
  int N = iterations(S.Iterations);
  bamboo::run(1, Argv, [&](int, char **) -> int {
    namespace mpi = bamboo::mpi;
    int Rank;
    mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
    std::vector<char> Buf(S.Bytes);
    std::vector<double> Times;
    for (int Rep = 0; Rep < Reps; ++Rep) {
      double T0 = 0;
      for (int I = Rep == 0 ? -N / 10 : 0; I < N; ++I) {
        if (I == 0) {
          mpi::Barrier(MPI_COMM_WORLD);
          T0 = mpi::Wtime();
        }
        if (Rank == A) {
          mpi::Send(Buf.data(), S.Bytes, MPI_CHAR, B, 0, MPI_COMM_WORLD);
          mpi::Recv(Buf.data(), S.Bytes, MPI_CHAR, B, 0, MPI_COMM_WORLD,
                             MPI_STATUS_IGNORE);
        } else if (Rank == B) {
          mpi::Recv(Buf.data(), S.Bytes, MPI_CHAR, A, 0, MPI_COMM_WORLD,
                             MPI_STATUS_IGNORE);
          mpi::Send(Buf.data(), S.Bytes, MPI_CHAR, A, 0, MPI_COMM_WORLD);
        }
      }
      Times.push_back((mpi::Wtime() - T0) / N);
    }
    double Mine = Rank == A ? median(Times) : 0;
    mpi::Allreduce(&Mine, &Result, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return 0;
  }, O);
  return Result;
}

// Two tasks of one process yield to each other; seconds per switch.
double taskSwitch() {
  double Result = 0;
  bamboo::Options O;
  O.VirtualRanksPerProcess = 2;
  static char Name[] = "microbench";
  static char *Argv[] = {Name, nullptr};
  int N = iterations(1000000);
  bamboo::run(1, Argv, [&](int, char **) -> int {
    int Rank;
    bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
    double T0 = bamboo::mpi::Wtime();
    for (int I = 0; I < N; ++I)
      bamboo::yield();
    // Each yield of one task is followed by a switch to the other: 2N switches per task.
    double Mine = Rank == 0 ? (bamboo::mpi::Wtime() - T0) / (2.0 * N) : 0;
    bamboo::mpi::Allreduce(&Mine, &Result, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return 0;
  }, O);
  return Result;
}

void print(const char *Format, ...) __attribute__((format(printf, 1, 2)));
void print(const char *Format, ...) {
  if (Process != 0)
    return;
  va_list Args;
  va_start(Args, Format);
  std::vprintf(Format, Args);
  va_end(Args);
  std::fflush(stdout);
}

} // namespace

int main(int Argc, char **Argv) {
  for (int I = 1; I < Argc; ++I) {
    Quick |= std::strcmp(Argv[I], "--quick") == 0;
    if (std::strcmp(Argv[I], "--only") == 0 && I + 1 < Argc)
      Only = std::atoi(Argv[++I]);
  }
  int Provided;
  // What bamboo::run would ask for: the runtime's progress thread makes MPI calls too.
  MPI_Init_thread(&Argc, &Argv, MPI_THREAD_MULTIPLE, &Provided);
  int Processes;
  MPI_Comm_size(MPI_COMM_WORLD, &Processes);
  MPI_Comm_rank(MPI_COMM_WORLD, &Process);
  if (Processes != 2) {
    print("bamboo-microbench: run with mpiexec -n 2\n");
    MPI_Finalize();
    return 2;
  }

  const Size Sizes[] = {{"8 B", 8, 20000}, {"64 KiB", 64 << 10, 2000}, {"4 MiB", 4 << 20, 100}};
  if (Only >= 0) {
    Size S{"--only", Only, Only <= 64 ? 200000 : Only <= (1 << 20) ? 20000 : 1000};
    double Raw = rawRoundTrip(S), Task = bambooRoundTrip(S, 1, 0, 1, 1);
    print("%d B: MPI %.2f us, Bamboo %.2f us, ratio %.2f\n", Only, Raw * 1e6, Task * 1e6,
          Task / Raw);
    MPI_Finalize();
    return 0;
  }

  print("Bamboo runtime micro-benchmarks (2 processes, medians of %d repetitions)\n\n",
        Repetitions);
  // With VF = 2, ranks 0 and 1 share process 0.
  double Local = bambooRoundTrip(Sizes[0], 2, 0, 1);
  print("round trip, two tasks of one process, 8 B:  %8.3f us\n", Local * 1e6);
  double Switch = taskSwitch();
  print("task switch (yield to another task):         %8.3f us\n\n", Switch * 1e6);

  print("%-8s %14s %14s %8s %14s %14s %8s\n", "size", "MPI rtt us", "Bamboo rtt us", "ratio",
        "MPI MB/s", "Bamboo MB/s", "ratio");
  std::vector<std::string> Lines;
  for (const Size &S : Sizes) {
    // Alternating repetitions: raw, Bamboo (ranks 0 and 1 on different processes), raw, ...
    std::vector<double> Raws, Tasks, Ratios;
    for (int Rep = 0; Rep < Repetitions; ++Rep) {
      Raws.push_back(rawRoundTrip(S));
      Tasks.push_back(bambooRoundTrip(S, 1, 0, 1, 1));
      Ratios.push_back(Tasks.back() / Raws.back());
    }
    double Raw = median(Raws), Task = median(Tasks), Ratio = median(Ratios);
    double RawRate = 2.0 * S.Bytes / Raw / 1e6, TaskRate = 2.0 * S.Bytes / Task / 1e6;
    print("%-8s %14.2f %14.2f %8.2f %14.0f %14.0f %8.2f\n", S.Name, Raw * 1e6, Task * 1e6, Ratio,
          RawRate, TaskRate, 1 / Ratio);
    char Line[256];
    std::snprintf(Line, sizeof Line,
                  "MICRO bytes=%d mpi_rtt_us=%.3f bamboo_rtt_us=%.3f rtt_ratio=%.3f "
                  "mpi_MBps=%.1f bamboo_MBps=%.1f bw_ratio=%.3f\n",
                  S.Bytes, Raw * 1e6, Task * 1e6, Ratio, RawRate, TaskRate, 1 / Ratio);
    Lines.push_back(Line);
  }
  print("\nratio: Bamboo / MPI (round trip: lower is better; bandwidth: higher is better), the\n"
        "median over %d pairs of alternating repetitions; MB/s and us columns: medians\n\n",
        Repetitions);
  print("MICRO bytes=0 local_rtt_us=%.3f task_switch_us=%.3f\n", Local * 1e6, Switch * 1e6);
  for (const std::string &L : Lines)
    print("%s", L.c_str());
  MPI_Finalize();
  return 0;
}
