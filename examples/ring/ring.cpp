//===- ring.cpp - Pass blocks of values around a ring of ranks ------------===//
//
// Every step each rank sends its block to the next rank, receives the
// previous rank's block and mixes the two: the exchange, then the compute,
// in the usual blocking style. The olap pragmas tell bamboo that the exchange
// may overlap with other ranks' compute.
//
// Plain MPI:  mpicxx -std=c++20 ring.cpp -o ring && mpiexec -n 4 ./ring
// Bamboo:     bamboo --explain ring.cpp --
//
// Rank 0 prints a checksum that is exact (an integer sum), so runs can be
// compared line by line.
//
//===----------------------------------------------------------------------===//

#include <mpi.h>

#include <cmath>
#include <cstdio>
#include <vector>

namespace {

constexpr int BlockSize = 4096;
constexpr int Steps = 50;

/// The work of one step: mix the incoming block into our own.
void mix(std::vector<double> &mine, const std::vector<double> &incoming,
         int step) {
  for (int i = 0; i < BlockSize; ++i)
    mine[i] = 0.5 * (mine[i] + incoming[i]) + std::sin(0.001 * (i + step));
}

/// Fixed-point sum: integer addition is exact in any order.
long long checksum(const std::vector<double> &values) {
  long long sum = 0;
  for (double x : values)
    sum += std::llround(x * 1e6);
  return sum;
}

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int next = (rank + 1) % size;
  const int prev = (rank + size - 1) % size;

  std::vector<double> mine(BlockSize), incoming(BlockSize);
  for (int i = 0; i < BlockSize; ++i)
    mine[i] = rank + 0.001 * i;

  for (int step = 0; step < Steps; ++step) {
    MPI_Request request;
#pragma bamboo olap
    {
#pragma bamboo receive
      {
        MPI_Irecv(incoming.data(), BlockSize, MPI_DOUBLE, prev, step,
                  MPI_COMM_WORLD, &request);
      }
#pragma bamboo send
      {
        MPI_Send(mine.data(), BlockSize, MPI_DOUBLE, next, step,
                 MPI_COMM_WORLD);
      }
      MPI_Wait(&request, MPI_STATUS_IGNORE);
    }
    mix(mine, incoming, step);
  }

  long long local = checksum(mine), total = 0;
  MPI_Reduce(&local, &total, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("ring: %d ranks, %d steps, checksum %lld\n", size, Steps,
                total);
  MPI_Finalize();
  return 0;
}
