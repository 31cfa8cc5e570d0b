// exit() between MPI_Init and MPI_Finalize ends the job, as MPI ends it for a process that
// exits without finalizing: the other ranks may wait for this one.
#include <bamboo/bamboo.h>

int rankMain(int Argc, char **Argv) {
  bamboo::mpi::Init(&Argc, &Argv);
  if (bamboo::worldRank() == 1)
    bamboo::libc::exit(2); // EXIT
  bamboo::mpi::Barrier(MPI_COMM_WORLD);
  bamboo::mpi::Finalize();
  return 0;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
