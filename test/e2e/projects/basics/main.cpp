// basics: every rank runs small collective, ring and neighbour exchanges and prints its own state.
// Exercises MPI calls in other files, inline/template/member helpers, extern/static/member/local globals, olap regions.
#include "collectives.h"
#include "common.h"
#include "exchange.h"
#include "tally.h"

#include <cstdio>
#include <vector>

// Integer smoothing of a few cells per rank on an open line of ranks; returns the local sum.
static long smooth_cells(int rank, int size, int steps) {
  const int n = 3 + rank % 2;
  std::vector<long> cells(n + 2, 0), next(n + 2, 0);
  for (int i = 1; i <= n; ++i)
    cells[i] = 1000L * ((rank * 5 + i * 3) % 11);
  const int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  for (int step = 0; step < steps; ++step) {
    swap_ghosts(cells, left, right);
    for (int i = 1; i <= n; ++i)
      next[i] = (cells[i - 1] + 2 * cells[i] + cells[i + 1]) / 4;
    for (int i = 1; i <= n; ++i)
      cells[i] = next[i];
  }
  long local = 0;
  for (int i = 1; i <= n; ++i)
    local += cells[i];
  std::printf("rank %d: cells %d first %ld last %ld\n", rank, n, cells[1], cells[n]);
  return local;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  init_globals();
  const int rank = g_rank, size = g_size;

  // Blocking collectives defined in collectives.cpp.
  const int sum = global_sum(rank + 1);
  const long offset = exclusive_offset(10L * (rank + 1));
  const int from_root = broadcast_from(rank * rank + 3, size - 1);
  std::printf("rank %d: sum %d offset %ld bcast %d\n", rank, sum, offset, from_root);

  // The template, instantiated here for double and int (tally.cpp instantiates it too).
  for (int i = 0; i < kNumWeights; ++i)
    g_weights[i] *= rank % 2 == 0 ? 2.0 : 0.5;
  g_weights[rank % kNumWeights] += 0.0625;
  const double max_weights = global_max(weight_sum(), MPI_DOUBLE);
  const int max_mod = global_max((rank * 7) % 5, MPI_INT);
  std::printf("rank %d: weights %.4f %.4f %.4f %.4f max sum %.4f max mod %d\n", rank,
              g_weights[0], g_weights[1], g_weights[2], g_weights[3], max_weights, max_mod);

  // The inline ring_pass, called here and from collectives.cpp.
  const int from_left = ring_pass(rank * 10 + 1, MPI_COMM_WORLD);
  const int checksum = ring_checksum(rank + 1);
  std::printf("rank %d: ring got %d checksum %d\n", rank, from_left, checksum);

  // Per-rank counters: the ticket static local, this file's tu_events, Tally::created.
  int ticket = 0;
  for (int i = 0; i <= rank % 3; ++i)
    ticket = next_ticket();
  std::vector<int> tickets(size);
  MPI_Allgather(&ticket, 1, MPI_INT, tickets.data(), 1, MPI_INT, MPI_COMM_WORLD);
  int ticket_sum = 0;
  for (int t : tickets)
    ticket_sum += t;
  tu_events += 2 * rank + 1;
  Tally::created += rank;

  // A Tally per parity, over a communicator split with the ranks in reverse order.
  MPI_Comm parity;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, size - rank, &parity);
  Tally tally(rank % 2 == 0 ? "even" : "odd");
  for (int i = 0; i <= rank; ++i)
    tally.add(i + ticket % 7);
  const int parity_total = tally.total(parity);
  const int parity_max = tally.largest(parity);
  tally.report(parity, rank);
  MPI_Comm_free(&parity);
  Tally world("world");
  world.add(rank + 1);
  const int world_total = world.total(MPI_COMM_WORLD);
  std::printf("rank %d: tally local %d adds %d parity total %d max %d world %d\n", rank,
              tally.local(), tally.adds(), parity_total, parity_max, world_total);
  std::printf("rank %d: ticket %d next %d all %d created %d events main %d collectives %d\n",
              rank, ticket, next_ticket(), ticket_sum, Tally::created, tu_events,
              collectives_events());

  // The olap region in exchange.cpp.
  int mine[2] = {rank, 100 + rank * rank}, left_pair[2] = {-1, -1}, right_pair[2] = {-1, -1};
  exchange_pairs(mine, left_pair, right_pair);
  std::printf("rank %d: left pair %d %d right pair %d %d\n", rank, left_pair[0], left_pair[1],
              right_pair[0], right_pair[1]);

  // The inline olap region of exchange.h, then a reduction to rank 0.
  const long local = smooth_cells(rank, size, 6);
  long total = 0;
  MPI_Reduce(&local, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);

  // A message of rank-dependent length, measured with MPI_Get_count.
  const int variable = pass_variable(rank * 10);
  std::printf("rank %d: variable %d events exchange %d\n", rank, variable, exchange_events());

  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Barrier(dup);
  const int events = global_max(tu_events + collectives_events(), MPI_INT, dup);
  MPI_Comm_free(&dup);
  if (rank == 0)
    std::printf("summary: %d ranks, cells total %ld, max events %d\n", size, total, events);
  MPI_Finalize();
  return 0;
}
