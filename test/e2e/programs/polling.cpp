// A rank that polls (MPI_Test, MPI_Iprobe loops) while the rank it waits for is in an olap
// region of low priority: polling must let every ready rank run, whatever its priority
// (issue 10: the poller was always picked first and the job spun forever).
#include <mpi.h>
#include <cstdio>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int partner = rank ^ 1;
  if (partner >= size)
    std::printf("rank %d has no partner\n", rank);
  else {
    for (int round = 0; round < 3; ++round) {
      int value = 100 * round + rank, got = -1;
      if (rank % 2 == 0) {
        // Polls a few times before sending, so the partner is waiting in its region when
        // the message arrives.
        MPI_Request recv;
        MPI_Irecv(&got, 1, MPI_INT, partner, round, MPI_COMM_WORLD, &recv);
        int done = 0, polls = 0;
        while (!done) {
          MPI_Test(&recv, &done, MPI_STATUS_IGNORE);
          if (++polls == 3)
            MPI_Send(&value, 1, MPI_INT, partner, round, MPI_COMM_WORLD);
        }
        // Then waits for a second reply with a probe loop.
        int arrived = 0;
        while (!arrived)
          MPI_Iprobe(partner, round + 10, MPI_COMM_WORLD, &arrived, MPI_STATUS_IGNORE);
        MPI_Recv(&got, 1, MPI_INT, partner, round + 10, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else {
        int in = -1;
#pragma bamboo olap priority(-1)
        {
#pragma bamboo receive
          { MPI_Recv(&in, 1, MPI_INT, partner, round, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
        }
        got = in;
        int reply = in + 1;
        MPI_Send(&reply, 1, MPI_INT, partner, round, MPI_COMM_WORLD);
#pragma bamboo olap priority(-5)
        {
#pragma bamboo send
          { MPI_Send(&reply, 1, MPI_INT, partner, round + 10, MPI_COMM_WORLD); }
        }
      }
      std::printf("rank %d round %d got %d\n", rank, round, got);
    }
  }
  MPI_Finalize();
  return 0;
}
