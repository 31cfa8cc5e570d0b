// detector_traffic.cpp - the deadlock detector's own MPI traffic (issue 11, section 3).
//
//   BAMBOO_STATS=1 mpiexec -n P bin/bamboo-detector-traffic busy|idle [seconds]
//
// busy: every rank computes for the given time, then all meet in a barrier.
// idle: rank 0 computes for that time while every other rank waits in MPI_Recv for it.
// The "waves" column of BAMBOO_STATS counts the detector's rounds (sums) per process;
// docs/runtime.md turns them into messages per second and models large jobs.
#include <bamboo/bamboo.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

namespace {
// Computes (no MPI call) for about Seconds.
double spin(double Seconds) {
  auto End = std::chrono::steady_clock::now() + std::chrono::duration<double>(Seconds);
  double X = 0;
  while (std::chrono::steady_clock::now() < End)
    for (int I = 0; I < 10000; ++I)
      X += 1e-9 * I;
  return X;
}
} // namespace

int main(int Argc, char **Argv) {
  bool Idle = Argc > 1 && std::strcmp(Argv[1], "idle") == 0;
  double Seconds = Argc > 2 ? std::stod(Argv[2]) : 2.0;
  return bamboo::run(Argc, Argv, [=](int, char **) -> int {
    namespace mpi = bamboo::mpi;
    int Rank = bamboo::worldRank(), Size = bamboo::worldSize();
    int Token = 0;
    if (!Idle || Rank == 0)
      Token = spin(Seconds) > -1 ? 1 : 0;
    if (Idle) {
      if (Rank == 0) {
        for (int To = 1; To < Size; ++To)
          mpi::Send(&Token, 1, MPI_INT, To, 0, MPI_COMM_WORLD);
      } else {
        mpi::Recv(&Token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
    }
    mpi::Barrier(MPI_COMM_WORLD);
    if (Rank == 0)
      std::printf("%s: %d ranks, %.1f s\n", Idle ? "idle" : "busy", Size, Seconds);
    return 0;
  });
}
