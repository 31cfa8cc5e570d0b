// A thread of a rank's OpenMP team other than the rank's own calls MPI: under
// MPI_THREAD_FUNNELED that is an error, which names the call, its line and the rank.
#include <bamboo/bamboo.h>

#include <omp.h>

int rankMain(int, char **) {
  int Rank;
  bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
  if (Rank == 1) {
#pragma omp parallel num_threads(2)
    if (omp_get_thread_num() == 1)
      bamboo::mpi::Barrier(MPI_COMM_SELF); // TEAM
  }
  return 0;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
