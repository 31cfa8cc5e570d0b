// Nonblocking collectives: a reduction pipelined with the computation it does not need yet
// (pipelined CG's pattern), one overlapped with a halo exchange in an olap region, a barrier
// that a rank forwards while it waits in MPI_Recv, and every other I-collective once.
// Integers throughout, so that any order of reduction prints the same.
#include <mpi.h>
#include <cstdio>
#include <numeric>
#include <vector>

static const long Prime = 1000003;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;

  // Pipelined: start the global sum of this step's state, compute the next state meanwhile,
  // then fold the sum in.
  const int n = 2000;
  std::vector<long> u(n), next(n);
  for (int i = 0; i < n; ++i)
    u[i] = (rank * n + i) % 97;
  long total = 0;
  for (int step = 0; step < 30; ++step) {
    long local = std::accumulate(u.begin(), u.end(), 0L) % Prime, global = 0;
    MPI_Request sum;
    MPI_Iallreduce(&local, &global, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD, &sum);
    for (int i = 0; i < n; ++i)
      next[i] = (u[i] * 3 + u[(i + 1) % n] + 7) % Prime;
    MPI_Wait(&sum, MPI_STATUS_IGNORE);
    for (int i = 0; i < n; ++i)
      u[i] = (next[i] + global) % Prime;
    total = (total + global) % Prime;
  }
  std::printf("rank %d pipelined total %ld u0 %ld\n", rank, total, u[0]);

  // In an olap region beside a halo exchange; the wait is deferred to the region's end.
  long halo = -1, mine = u[n - 1], count = 0;
  for (int step = 0; step < 5; ++step) {
    MPI_Request reqs[2];
    long one = 1;
#pragma bamboo olap
    {
#pragma bamboo receive
      {
        MPI_Irecv(&halo, 1, MPI_LONG, left, step, MPI_COMM_WORLD, &reqs[0]);
      }
#pragma bamboo send
      {
        MPI_Send(&mine, 1, MPI_LONG, right, step, MPI_COMM_WORLD);
      }
      MPI_Iallreduce(&one, &count, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD, &reqs[1]);
      MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    }
    mine = (mine + halo + count) % Prime;
  }
  std::printf("rank %d region %ld\n", rank, mine);

  // Rank 0 forwards the barrier's messages (it is the root of the tree) while it waits for
  // the last rank, which sends only after its own barrier completed.
  if (size > 1) {
    MPI_Request barrier;
    MPI_Ibarrier(MPI_COMM_WORLD, &barrier);
    int token = 0;
    if (rank == 0) {
      MPI_Recv(&token, 1, MPI_INT, size - 1, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Wait(&barrier, MPI_STATUS_IGNORE);
    } else {
      MPI_Wait(&barrier, MPI_STATUS_IGNORE);
      if (rank == size - 1) {
        token = 42;
        MPI_Send(&token, 1, MPI_INT, 0, 99, MPI_COMM_WORLD);
      }
    }
    if (rank == 0)
      std::printf("rank 0 got token %d through the barrier\n", token);
  }

  // The others, several in progress at once, completed together.
  std::vector<int> counts(size), displs(size), all(size * (size + 1) / 2), gathered(size * 2);
  for (int i = 0; i < size; ++i) {
    counts[i] = i + 1;
    displs[i] = i * (i + 1) / 2;
  }
  std::vector<int> own(rank + 1, rank * 10), back(rank + 1), pairs(2 * size);
  std::vector<int> outAll(size), inAll(size), ones(size, 1), offsets(size);
  for (int i = 0; i < size; ++i) {
    outAll[i] = 100 * rank + i;
    offsets[i] = i;
  }
  std::vector<int> inAllv(size), blocks(2 * size), twos(size, 2), row(size);
  for (int i = 0; i < 2 * size; ++i)
    blocks[i] = i + rank;
  int bcast = rank == size - 1 ? 1234 : 0, reduced = 0, scanned = 0, exscanned = 0;
  int pair[2] = {rank, rank * rank}, piece = -1, rsb[2] = {0, 0}, rs[2] = {0, 0};
  int value = rank + 1;
  MPI_Request q[13];
  MPI_Ibcast(&bcast, 1, MPI_INT, size - 1, MPI_COMM_WORLD, &q[0]);
  MPI_Ireduce(&value, &reduced, 1, MPI_INT, MPI_PROD, 0, MPI_COMM_WORLD, &q[1]);
  MPI_Igather(pair, 2, MPI_INT, gathered.data(), 2, MPI_INT, 0, MPI_COMM_WORLD, &q[2]);
  MPI_Iallgatherv(own.data(), rank + 1, MPI_INT, all.data(), counts.data(), displs.data(),
                  MPI_INT, MPI_COMM_WORLD, &q[3]);
  MPI_Iscatter(outAll.data(), 1, MPI_INT, &piece, 1, MPI_INT, 0, MPI_COMM_WORLD, &q[4]);
  MPI_Ialltoall(outAll.data(), 1, MPI_INT, inAll.data(), 1, MPI_INT, MPI_COMM_WORLD, &q[5]);
  MPI_Ialltoallv(outAll.data(), ones.data(), offsets.data(), MPI_INT, inAllv.data(),
                 ones.data(), offsets.data(), MPI_INT, MPI_COMM_WORLD, &q[6]);
  MPI_Iscan(&value, &scanned, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &q[7]);
  MPI_Iexscan(&value, &exscanned, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &q[8]);
  MPI_Ireduce_scatter_block(blocks.data(), rsb, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &q[9]);
  MPI_Ireduce_scatter(blocks.data(), rs, twos.data(), MPI_INT, MPI_MAX, MPI_COMM_WORLD, &q[10]);
  MPI_Iallgather(&value, 1, MPI_INT, row.data(), 1, MPI_INT, MPI_COMM_WORLD, &q[11]);
  MPI_Igatherv(own.data(), rank + 1, MPI_INT, all.data(), counts.data(), displs.data(),
               MPI_INT, size - 1, MPI_COMM_WORLD, &q[12]);
  int done = 0;
  while (done < 13) {
    int index;
    MPI_Waitany(13, q, &index, MPI_STATUS_IGNORE);
    ++done;
  }
  MPI_Request last;
  MPI_Iscatterv(all.data(), counts.data(), displs.data(), MPI_INT, back.data(), rank + 1,
                MPI_INT, 0, MPI_COMM_WORLD, &last);
  int flag = 0;
  while (!flag)
    MPI_Test(&last, &flag, MPI_STATUS_IGNORE);
  long check = 0;
  for (int i = 0; i < size; ++i)
    check += (i + 1) * (inAll[i] + 3L * inAllv[i] + 5L * row[i]);
  for (int v : all)
    check = (check * 31 + v) % Prime;
  if (rank == 0)
    for (int v : gathered)
      check = (check * 17 + v) % Prime;
  std::printf("rank %d bcast %d reduced %d piece %d scan %d exscan %d rsb %d %d rs %d %d "
              "back %d check %ld\n",
              rank, bcast, rank == 0 ? reduced : 0, piece, scanned, rank > 0 ? exscanned : 0,
              rsb[0], rsb[1], rs[0], rs[1], back[rank], check);
  MPI_Finalize();
  return 0;
}
