//===- jacobi2d_tasks.cpp - The Jacobi example, by hand on the runtime ----===//
//
// The problem of examples/jacobi2d (Laplace on a 128 x 128 grid, top edge at
// 1, 200 Jacobi sweeps), written directly against the Bamboo runtime's API
// instead of being translated: each virtual rank runs on a thread of its own, the
// halo exchange is an olap region that posts everything and waits once.
// Rows are split over the ranks (the translated example uses a 2D grid of
// ranks); the checksum is exact, so both print the same for any rank count.
//
//   mpicxx -std=c++20 -O2 -I runtime/include jacobi2d_tasks.cpp
//          build/lib/libbamboo-runtime.so -Wl,-rpath,build/lib -o jacobi2d_tasks
//   BAMBOO_VF=4 mpiexec -n 2 ./jacobi2d_tasks
//
//===----------------------------------------------------------------------===//

#include <bamboo/bamboo.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace mpi = bamboo::mpi;

namespace {

constexpr int N = 128; // interior cells per side
constexpr int Sweeps = 200;
constexpr int ReportEvery = 50;
constexpr int Width = N + 2; // a row with the two fixed edge columns

/// This rank's rows of the grid, with one ghost row above and below.
struct Strip {
  int Rank = 0, Size = 1, Rows = 0;
  std::vector<double> U, Next;
  double *row(int I) { return &U[I * Width]; }
};

Strip makeStrip(int Rank, int Size) {
  Strip S;
  S.Rank = Rank;
  S.Size = Size;
  S.Rows = N / Size + (Rank < N % Size ? 1 : 0);
  S.U.assign((S.Rows + 2) * Width, 0.0);
  if (Rank == 0) // the top edge of the grid is held at 1
    std::fill(S.row(0), S.row(0) + Width, 1.0);
  S.Next = S.U;
  return S;
}

/// Exchanges ghost rows with the neighbours: everything is posted through the
/// region, the rank suspends once (other virtual ranks compute meanwhile), and
/// continues when both ghost rows are in.
void exchange(Strip &S) {
  bamboo::Region Olap;
  if (S.Rank > 0) {
    Olap.Recv(S.row(0), Width, MPI_DOUBLE, S.Rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    Olap.Send(S.row(1), Width, MPI_DOUBLE, S.Rank - 1, 1, MPI_COMM_WORLD);
  }
  if (S.Rank < S.Size - 1) {
    Olap.Recv(S.row(S.Rows + 1), Width, MPI_DOUBLE, S.Rank + 1, 1, MPI_COMM_WORLD,
              MPI_STATUS_IGNORE);
    Olap.Send(S.row(S.Rows), Width, MPI_DOUBLE, S.Rank + 1, 0, MPI_COMM_WORLD);
  }
  Olap.complete();
}

/// One sweep; returns the largest change. The update is the same expression,
/// in the same order, as in examples/jacobi2d, so the results are bit-identical.
double sweep(Strip &S) {
  double Change = 0;
  for (int I = 1; I <= S.Rows; ++I)
    for (int J = 1; J <= N; ++J) {
      double V = 0.25 * (S.U[(I - 1) * Width + J] + S.U[(I + 1) * Width + J] +
                         S.U[I * Width + J - 1] + S.U[I * Width + J + 1]);
      Change = std::max(Change, std::fabs(V - S.U[I * Width + J]));
      S.Next[I * Width + J] = V;
    }
  for (int I = 1; I <= S.Rows; ++I)
    std::copy(&S.Next[I * Width + 1], &S.Next[I * Width + N + 1], &S.U[I * Width + 1]);
  return Change;
}

int rankMain(int, char **) {
  int Rank, Size;
  mpi::Comm_rank(MPI_COMM_WORLD, &Rank);
  mpi::Comm_size(MPI_COMM_WORLD, &Size);
  Strip S = makeStrip(Rank, Size);

  for (int Sweep = 1; Sweep <= Sweeps; ++Sweep) {
    exchange(S);
    double Change = sweep(S), MaxChange = 0;
    if (Sweep % ReportEvery == 0) {
      mpi::Allreduce(&Change, &MaxChange, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      if (Rank == 0)
        std::printf("sweep %d: max change %.6e\n", Sweep, MaxChange);
    }
  }

  long long Local = 0, Total = 0;
  for (int I = 1; I <= S.Rows; ++I)
    for (int J = 1; J <= N; ++J)
      Local += std::llround(S.U[I * Width + J] * 1e9);
  mpi::Reduce(&Local, &Total, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (Rank == 0)
    std::printf("jacobi2d: %dx%d grid, %d sweeps, checksum %lld\n", N, N, Sweeps, Total);
  return 0;
}

} // namespace

int main(int Argc, char **Argv) { return bamboo::run(Argc, Argv, rankMain); }
