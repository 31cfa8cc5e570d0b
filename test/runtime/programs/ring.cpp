// A ring with compute between messages: the program the trace and statistics tests run.
#include <bamboo/bamboo.h>

#include <cmath>
#include <cstdio>
#include <vector>

int rankMain(int, char **) {
  int Rank, Size;
  bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
  bamboo::mpi::Comm_size(MPI_COMM_WORLD, &Size);
  std::vector<double> Halo(1000, Rank), In(1000);
  double Work = 0;
  for (int Step = 0; Step < 20; ++Step) {
    {
      bamboo::Region Olap;
      Olap.Recv(In.data(), 1000, MPI_DOUBLE, (Rank + Size - 1) % Size, 0, MPI_COMM_WORLD,
                MPI_STATUS_IGNORE);
      Olap.Send(Halo.data(), 1000, MPI_DOUBLE, (Rank + 1) % Size, 0, MPI_COMM_WORLD);
      Olap.complete();
    }
    for (int I = 0; I < 20000; ++I)
      Work += std::sqrt(In[I % 1000] + I);
  }
  double Total = 0;
  bamboo::mpi::Allreduce(&Work, &Total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (Rank == 0)
    std::printf("ring done: %d ranks\n", Size);
  return 0;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
