// exchange.cpp - point-to-point exchanges on the ring of all ranks.
#include "exchange.h"
#include "common.h"

void exchange_pairs(const int mine[2], int from_left[2], int from_right[2]) {
  const int left = (g_rank + g_size - 1) % g_size;
  const int right = (g_rank + 1) % g_size;
  MPI_Request reqs[4];
  ++tu_events;
#pragma bamboo olap
  {
#pragma bamboo receive
    {
      MPI_Irecv(from_left, 2, MPI_INT, left, 0, MPI_COMM_WORLD, &reqs[0]);
      MPI_Irecv(from_right, 2, MPI_INT, right, 1, MPI_COMM_WORLD, &reqs[1]);
    }
#pragma bamboo send
    {
      MPI_Isend(mine, 2, MPI_INT, right, 0, MPI_COMM_WORLD, &reqs[2]);
      MPI_Isend(mine, 2, MPI_INT, left, 1, MPI_COMM_WORLD, &reqs[3]);
    }
    MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
  }
}

int pass_variable(int first_value) {
  const int left = (g_rank + g_size - 1) % g_size;
  const int right = (g_rank + 1) % g_size;
  int out[3], in[3] = {0, 0, 0};
  tu_events += 10;
  const int n = g_rank % 3 + 1;
  for (int i = 0; i < n; ++i)
    out[i] = first_value + i;
  MPI_Request send;
  MPI_Isend(out, n, MPI_INT, right, 5, MPI_COMM_WORLD, &send);
  MPI_Status status;
  MPI_Recv(in, 3, MPI_INT, left, 5, MPI_COMM_WORLD, &status);
  int count = 0;
  MPI_Get_count(&status, MPI_INT, &count);
  MPI_Wait(&send, MPI_STATUS_IGNORE);
  int sum = 0;
  for (int i = 0; i < count; ++i)
    sum += in[i];
  return count * 1000 + sum;
}

int exchange_events() { return tu_events; }
