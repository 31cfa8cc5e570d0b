// rank_memory.cpp - what the virtual ranks' stacks cost a process: its resident and virtual
// memory once every rank has run and waited (not a test).
//
//   BAMBOO_VF=64 mpiexec -n 1 bin/bamboo-rank-memory [KiB each rank touches on its stack]
#include <bamboo/bamboo.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace {
// VmRSS and VmSize of this process, in KiB.
long statusField(const char *Name) {
  std::ifstream Status("/proc/self/status");
  std::string Line;
  while (std::getline(Status, Line))
    if (Line.rfind(Name, 0) == 0)
      return std::atol(Line.c_str() + std::strlen(Name) + 1);
  return -1;
}

// Touches about Kib KiB of the rank's stack, then waits for every rank.
int touchAndWait(int Kib) {
  if (Kib > 0) {
    volatile char Page[1024];
    Page[0] = 1;
    return touchAndWait(Kib - 1) + Page[0] - 1;
  }
  return bamboo::mpi::Barrier(MPI_COMM_WORLD);
}
} // namespace

int main(int Argc, char **Argv) {
  int Kib = Argc > 1 ? std::atoi(Argv[1]) : 0;
  return bamboo::run(Argc, Argv, [Kib](int, char **) {
    int Rank, Size;
    bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
    bamboo::mpi::Comm_size(MPI_COMM_WORLD, &Size);
    touchAndWait(Kib);
    if (Rank == 0)
      std::printf("ranks %d, stack touched %d KiB each: resident %ld KiB, virtual %ld KiB\n",
                  Size, Kib, statusField("VmRSS:"), statusField("VmSize:"));
    return 0;
  });
}
