// A truncated receive inside an olap region under MPI_ERRORS_RETURN: the receive returned
// before its message arrived, so its error cannot be returned; the job ends, naming it.
#include <bamboo/bamboo.h>

int rankMain(int, char **) {
  int Rank, Size, Values[4] = {1, 2, 3, 4};
  bamboo::mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
  bamboo::mpi::Comm_size(MPI_COMM_WORLD, &Size);
  bamboo::mpi::Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  if (Rank == Size - 1)
    bamboo::mpi::Send(Values, 4, MPI_INT, 0, 0, MPI_COMM_WORLD);
  if (Rank == 0) {
    bamboo::Region Olap;
    Olap.Recv(Values, 2, MPI_INT, Size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // TRUNCATE
    Olap.complete();
  }
  return 0;
}

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
