//===- jacobi2d.cpp - Jacobi iteration on a 2D grid of ranks --------------===//
//
// Solves Laplace's equation on an N x N grid (the top edge held at 1, the
// others at 0) with Jacobi sweeps. The grid is split into blocks over a 2D
// grid of ranks; each sweep first exchanges one layer of ghost cells with
// the four neighbours (rows directly, columns through a vector datatype),
// then updates the block. The olap pragmas around the exchange let bamboo
// overlap it with other ranks' sweeps.
//
// Plain MPI:  mpicxx -std=c++20 jacobi2d.cpp -o jacobi2d
//             mpiexec -n 4 ./jacobi2d
// Bamboo:     bamboo --explain jacobi2d.cpp --
//
// Every cell's update uses the same four values in the same order whatever
// the decomposition, so the printed checksum (an exact integer sum) and
// maximum changes are the same for any number of ranks.
//
//===----------------------------------------------------------------------===//

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace {

constexpr int N = 128;      // interior cells per side
constexpr int Sweeps = 200; // Jacobi sweeps
constexpr int ReportEvery = 50;

enum Tag { Northward, Southward, Westward, Eastward };

/// One rank's block of the grid, with a ghost layer around it.
struct Block {
  int Rows = 0, Cols = 0;                           // interior size
  int North = -1, South = -1, West = -1, East = -1; // neighbours, -1: edge
  std::vector<double> U, Next;
  MPI_Datatype Column = MPI_DATATYPE_NULL; // one interior column
  MPI_Comm Comm = MPI_COMM_NULL;

  int at(int I, int J) const { return I * (Cols + 2) + J; }
};

/// Rows or columns [0, Total) split over Parts: the share of part P.
int share(int Total, int Parts, int P) {
  return Total / Parts + (P < Total % Parts ? 1 : 0);
}

Block makeBlock(MPI_Comm Comm) {
  Block B;
  MPI_Comm_dup(Comm, &B.Comm);
  int Rank, Size;
  MPI_Comm_rank(B.Comm, &Rank);
  MPI_Comm_size(B.Comm, &Size);
  int Dims[2] = {0, 0};
  MPI_Dims_create(Size, 2, Dims);
  const int Row = Rank / Dims[1], Col = Rank % Dims[1];
  B.Rows = share(N, Dims[0], Row);
  B.Cols = share(N, Dims[1], Col);
  B.North = Row > 0 ? Rank - Dims[1] : -1;
  B.South = Row < Dims[0] - 1 ? Rank + Dims[1] : -1;
  B.West = Col > 0 ? Rank - 1 : -1;
  B.East = Col < Dims[1] - 1 ? Rank + 1 : -1;

  B.U.assign((B.Rows + 2) * (B.Cols + 2), 0.0);
  if (B.North < 0) // the top edge of the whole grid
    for (int J = 0; J < B.Cols + 2; ++J)
      B.U[B.at(0, J)] = 1.0;
  B.Next = B.U;
  MPI_Type_vector(B.Rows, 1, B.Cols + 2, MPI_DOUBLE, &B.Column);
  MPI_Type_commit(&B.Column);
  return B;
}

/// Fills the ghost layer from the neighbours' edges.
void exchangeHalos(Block &B) {
  MPI_Request Requests[4];
  int Count = 0;
  double *U = B.U.data();
#pragma bamboo olap
  {
#pragma bamboo receive
    {
      if (B.North >= 0)
        MPI_Irecv(&U[B.at(0, 1)], B.Cols, MPI_DOUBLE, B.North, Southward,
                  B.Comm, &Requests[Count++]);
      if (B.South >= 0)
        MPI_Irecv(&U[B.at(B.Rows + 1, 1)], B.Cols, MPI_DOUBLE, B.South,
                  Northward, B.Comm, &Requests[Count++]);
      if (B.West >= 0)
        MPI_Irecv(&U[B.at(1, 0)], 1, B.Column, B.West, Eastward, B.Comm,
                  &Requests[Count++]);
      if (B.East >= 0)
        MPI_Irecv(&U[B.at(1, B.Cols + 1)], 1, B.Column, B.East, Westward,
                  B.Comm, &Requests[Count++]);
    }
#pragma bamboo send
    {
      if (B.North >= 0)
        MPI_Send(&U[B.at(1, 1)], B.Cols, MPI_DOUBLE, B.North, Northward,
                 B.Comm);
      if (B.South >= 0)
        MPI_Send(&U[B.at(B.Rows, 1)], B.Cols, MPI_DOUBLE, B.South, Southward,
                 B.Comm);
      if (B.West >= 0)
        MPI_Send(&U[B.at(1, 1)], 1, B.Column, B.West, Westward, B.Comm);
      if (B.East >= 0)
        MPI_Send(&U[B.at(1, B.Cols)], 1, B.Column, B.East, Eastward, B.Comm);
    }
    MPI_Waitall(Count, Requests, MPI_STATUSES_IGNORE);
  }
}

/// One Jacobi sweep over the interior; returns the largest change.
double sweep(Block &B) {
  double Change = 0;
  for (int I = 1; I <= B.Rows; ++I)
    for (int J = 1; J <= B.Cols; ++J) {
      double V = 0.25 * (B.U[B.at(I - 1, J)] + B.U[B.at(I + 1, J)] +
                         B.U[B.at(I, J - 1)] + B.U[B.at(I, J + 1)]);
      Change = std::max(Change, std::fabs(V - B.U[B.at(I, J)]));
      B.Next[B.at(I, J)] = V;
    }
  // Copy the interior back; the ghost layer and the fixed edges stay.
  for (int I = 1; I <= B.Rows; ++I)
    for (int J = 1; J <= B.Cols; ++J)
      B.U[B.at(I, J)] = B.Next[B.at(I, J)];
  return Change;
}

/// Fixed-point sum of the interior: integer addition is exact in any order.
long long checksum(const Block &B) {
  long long Sum = 0;
  for (int I = 1; I <= B.Rows; ++I)
    for (int J = 1; J <= B.Cols; ++J)
      Sum += std::llround(B.U[B.at(I, J)] * 1e9);
  return Sum;
}

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  Block B = makeBlock(MPI_COMM_WORLD);
  int Rank;
  MPI_Comm_rank(B.Comm, &Rank);

  for (int S = 1; S <= Sweeps; ++S) {
    exchangeHalos(B);
    double Change = sweep(B);
    if (S % ReportEvery == 0) {
      // The maximum is exact in any order, like the checksum.
      double MaxChange = 0;
      MPI_Allreduce(&Change, &MaxChange, 1, MPI_DOUBLE, MPI_MAX, B.Comm);
      if (Rank == 0)
        std::printf("sweep %d: max change %.6e\n", S, MaxChange);
    }
  }

  long long Local = checksum(B), Total = 0;
  MPI_Reduce(&Local, &Total, 1, MPI_LONG_LONG, MPI_SUM, 0, B.Comm);
  if (Rank == 0)
    std::printf("jacobi2d: %dx%d grid, %d sweeps, checksum %lld\n", N, N,
                Sweeps, Total);
  MPI_Type_free(&B.Column);
  MPI_Comm_free(&B.Comm);
  MPI_Finalize();
  return 0;
}
