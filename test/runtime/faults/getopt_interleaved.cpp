// Two virtual ranks of a process in the middle of their options at once: the C library keeps
// one getopt position per process (inside a group like -ab too), so going on could skip
// options. A fatal error, not a different answer.
#include <bamboo/bamboo.h>

int rankMain(int, char **) {
  char Program[] = "app", Group[] = "-ab";
  char *Args[] = {Program, Group, nullptr};
  int Count = 0;
  while (bamboo::libc::getopt(2, Args, "ab") != -1) { // AGAIN
    bamboo::mpi::Barrier(MPI_COMM_WORLD);             // the other rank parses meanwhile
    ++Count;
  }
  return Count == 2 ? 0 : 1;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
