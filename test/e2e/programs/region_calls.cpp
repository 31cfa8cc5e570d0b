// Functions called inside olap regions (issue 10): a helper that waits on its own request and
// status, one that receives into its own local and returns it, one with a region of its own,
// and a plain helper that only posts a receive (which joins the caller's region). Translated,
// the first corrupted the heap: the region's end finished the helper's wait after its frame
// was freed.
#include <mpi.h>
#include <cstdio>
#include <vector>

static void sendAndWait(const double *b, int n, int to, int tag) {
  MPI_Request q;
  MPI_Status s;
  MPI_Isend(b, n, MPI_DOUBLE, to, tag, MPI_COMM_WORLD, &q);
  MPI_Wait(&q, &s);
}

static double receiveSum(int from, int tag) {
  double v[8];
  MPI_Status s;
  MPI_Recv(v, 8, MPI_DOUBLE, from, tag, MPI_COMM_WORLD, &s);
  int count = 0;
  MPI_Get_count(&s, MPI_DOUBLE, &count);
  double sum = 0;
  for (int i = 0; i < count; ++i)
    sum += v[i];
  return sum;
}

static int exchangeOwnRegion(int left, int right, int value) {
  int fromLeft = -1;
  MPI_Request r;
#pragma bamboo olap
  {
    MPI_Irecv(&fromLeft, 1, MPI_INT, left, 30, MPI_COMM_WORLD, &r);
    MPI_Send(&value, 1, MPI_INT, right, 30, MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
  return fromLeft;
}

static void postHalo(double *halo, int n, int from, MPI_Request *r) {
  MPI_Irecv(halo, n, MPI_DOUBLE, from, 40, MPI_COMM_WORLD, r);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;

  std::vector<double> mine(8), halo(8, -1);
  for (int step = 0; step < 4; ++step) {
    for (int i = 0; i < 8; ++i)
      mine[i] = rank * 100 + step * 10 + i;
    double received = 0;
    int own = 0;
    MPI_Request r;
#pragma bamboo olap
    {
      postHalo(halo.data(), 8, left, &r);
      if (size > 1) { // MPI may not buffer a send to oneself: the wait would hang
        for (int k = 0; k < 3; ++k) // the helpers' frames are reused from call to call
          sendAndWait(mine.data(), 8 - k, right, 20 + k);
        for (int k = 0; k < 3; ++k)
          received += receiveSum(left, 20 + k);
      }
      own = exchangeOwnRegion(left, right, rank * 7 + step);
      MPI_Send(mine.data(), 8, MPI_DOUBLE, right, 40, MPI_COMM_WORLD);
      MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
    double haloSum = 0;
    for (double h : halo)
      haloSum += h;
    std::printf("rank %d step %d: received %.0f own %d halo %.0f\n", rank, step, received, own,
                haloSum);
  }
  MPI_Finalize();
  return 0;
}
