// topology_test.cpp - Cartesian topologies over virtual ranks: MPI_Cart_create and its
// queries, shifts at the edges, sub-grids, and collectives on the communicators they make.
#include "runtime_test_support.h"

#include <algorithm>
#include <vector>

using namespace bamboo;
using namespace bamboo::test;

namespace {
// MPI's row-major numbering, computed here independently of the runtime.
std::vector<int> coordsOf(int Rank, const std::vector<int> &Dims) {
  std::vector<int> C(Dims.size());
  for (int I = static_cast<int>(Dims.size()) - 1; I >= 0; --I) {
    C[I] = Rank % Dims[I];
    Rank /= Dims[I];
  }
  return C;
}
int rankOf(const std::vector<int> &C, const std::vector<int> &Dims) {
  int R = 0;
  for (std::size_t I = 0; I < Dims.size(); ++I)
    R = R * Dims[I] + C[I];
  return R;
}
} // namespace

TEST(Topology, GridQueriesAndShiftsAtTheEdges) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    std::vector<int> Dims{0, 0};
    MPI_Dims_create(S, 2, Dims.data());
    int Periods[2] = {1, 0}; // rows wrap around, columns do not
    MPI_Comm Grid;
    mpi::Cart_create(MPI_COMM_WORLD, 2, Dims.data(), Periods, 0, &Grid);
    EXPECT_NE(Grid, MPI_COMM_NULL);
    int Status = -1, NDims = -1, GridRank = -1;
    mpi::Topo_test(Grid, &Status);
    EXPECT_EQ(Status, MPI_CART);
    mpi::Topo_test(MPI_COMM_WORLD, &Status);
    EXPECT_EQ(Status, MPI_UNDEFINED);
    mpi::Cartdim_get(Grid, &NDims);
    EXPECT_EQ(NDims, 2);
    mpi::Comm_rank(Grid, &GridRank);
    EXPECT_EQ(GridRank, R); // without reorder, ranks keep their order

    int GotDims[2], GotPeriods[2], Mine[2];
    mpi::Cart_get(Grid, 2, GotDims, GotPeriods, Mine);
    EXPECT_EQ(GotDims[0], Dims[0]);
    EXPECT_EQ(GotDims[1], Dims[1]);
    EXPECT_EQ(GotPeriods[0], 1);
    EXPECT_EQ(GotPeriods[1], 0);
    std::vector<int> Expected = coordsOf(R, Dims);
    EXPECT_EQ(Mine[0], Expected[0]);
    EXPECT_EQ(Mine[1], Expected[1]);
    for (int Other = 0; Other < S; ++Other) {
      int C[2] = {-1, -1}, Back = -1;
      mpi::Cart_coords(Grid, Other, 2, C);
      EXPECT_EQ(std::vector<int>(C, C + 2), coordsOf(Other, Dims));
      mpi::Cart_rank(Grid, C, &Back);
      EXPECT_EQ(Back, Other);
    }
    // A coordinate outside a periodic dimension wraps around.
    int Wrapped[2] = {Mine[0] + Dims[0], Mine[1]}, WrappedRank = -1;
    mpi::Cart_rank(Grid, Wrapped, &WrappedRank);
    EXPECT_EQ(WrappedRank, R);

    // Shifts: periodic rows wrap, columns end in MPI_PROC_NULL.
    int Up, Down, Left, Right;
    mpi::Cart_shift(Grid, 0, 1, &Up, &Down);
    EXPECT_EQ(Up, rankOf({(Mine[0] + Dims[0] - 1) % Dims[0], Mine[1]}, Dims));
    EXPECT_EQ(Down, rankOf({(Mine[0] + 1) % Dims[0], Mine[1]}, Dims));
    mpi::Cart_shift(Grid, 1, 1, &Left, &Right);
    EXPECT_EQ(Left, Mine[1] == 0 ? MPI_PROC_NULL : R - 1);
    EXPECT_EQ(Right, Mine[1] == Dims[1] - 1 ? MPI_PROC_NULL : R + 1);
    int Far1, Far2;
    mpi::Cart_shift(Grid, 1, Dims[1], &Far1, &Far2); // past both edges
    EXPECT_EQ(Far1, MPI_PROC_NULL);
    EXPECT_EQ(Far2, MPI_PROC_NULL);
    mpi::Cart_shift(Grid, 0, -Dims[0], &Far1, &Far2); // all the way round
    EXPECT_EQ(Far1, R);
    EXPECT_EQ(Far2, R);

    // A halo exchange with the shifts: edges exchange with MPI_PROC_NULL.
    int FromLeft = -7, FromUp = -7;
    MPI_Status St;
    mpi::Sendrecv(&R, 1, MPI_INT, Right, 0, &FromLeft, 1, MPI_INT, Left, 0, Grid, &St);
    EXPECT_EQ(FromLeft, Left == MPI_PROC_NULL ? -7 : Left);
    EXPECT_EQ(St.MPI_SOURCE, Left);
    mpi::Sendrecv(&R, 1, MPI_INT, Down, 1, &FromUp, 1, MPI_INT, Up, 1, Grid, &St);
    EXPECT_EQ(FromUp, Up);
    mpi::Comm_free(&Grid);
    EXPECT_EQ(Grid, MPI_COMM_NULL);
    return 0;
  });
}

// With reorder and BAMBOO_CART_REORDER=1, each process's ranks take one compact box of the
// grid (grid_placement.h): the grid's ranks are a permutation of the parent's, Cart_map says
// where each goes, and shifts and messages follow the grid's numbering. Run with 4 processes
// of 2 ranks, the 4 x 2 grid puts each process's two ranks in a column (2 x 1), not in a row
// as in rank order. Without the setting, reorder keeps the order, as MPICH and Open MPI do.
TEST(Topology, ReorderPlacesEachProcesssRanksInOneBox) {
  const bool Reorders = settings().ReorderCartesian;
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    for (int NDims : {2, 3}) {
      std::vector<int> Dims(static_cast<std::size_t>(NDims), 0), Periods(Dims.size(), 0);
      MPI_Dims_create(S, NDims, Dims.data());
      MPI_Comm Grid;
      mpi::Cart_create(MPI_COMM_WORLD, NDims, Dims.data(), Periods.data(), 1, &Grid);
      int GridRank = -1, Mapped = -2;
      mpi::Comm_rank(Grid, &GridRank);
      mpi::Cart_map(MPI_COMM_WORLD, NDims, Dims.data(), Periods.data(), &Mapped);
      EXPECT_EQ(Mapped, GridRank);
      if (!Reorders) {
        EXPECT_EQ(GridRank, R);
      }
      std::vector<int> GridRankOf(static_cast<std::size_t>(S));
      mpi::Allgather(&GridRank, 1, MPI_INT, GridRankOf.data(), 1, MPI_INT, MPI_COMM_WORLD);
      std::vector<int> Sorted = GridRankOf;
      std::sort(Sorted.begin(), Sorted.end());
      for (int I = 0; I < S; ++I)
        EXPECT_EQ(Sorted[static_cast<std::size_t>(I)], I);

      // This process's ranks fill the box their coordinates span.
      MPI_Comm Local;
      mpi::Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, R, MPI_INFO_NULL, &Local);
      int LocalSize = 0;
      mpi::Comm_size(Local, &LocalSize);
      std::vector<int> LocalGridRanks(static_cast<std::size_t>(LocalSize));
      mpi::Allgather(&GridRank, 1, MPI_INT, LocalGridRanks.data(), 1, MPI_INT, Local);
      std::vector<int> Lo(Dims), Hi(Dims.size(), -1);
      for (int G : LocalGridRanks) {
        std::vector<int> C = coordsOf(G, Dims);
        for (std::size_t I = 0; I < C.size(); ++I) {
          Lo[I] = std::min(Lo[I], C[I]);
          Hi[I] = std::max(Hi[I], C[I]);
        }
      }
      int Volume = 1;
      for (std::size_t I = 0; I < Dims.size(); ++I)
        Volume *= Hi[I] - Lo[I] + 1;
      if (NDims == 2 && S == 8 && LocalSize == 2) {
        EXPECT_EQ(Dims, (std::vector<int>{4, 2}));
        EXPECT_EQ(Hi[0] - Lo[0], Reorders ? 1 : 0); // a column of the grid, or a row
        EXPECT_EQ(Hi[1] - Lo[1], Reorders ? 0 : 1);
      }
      if (Reorders) {
        EXPECT_EQ(Volume, LocalSize) << NDims << " dimensions";
      }
      mpi::Comm_free(&Local);

      // Shifts and messages in the grid's numbering: each rank sends its world rank ahead.
      std::vector<int> Mine = coordsOf(GridRank, Dims);
      for (int D = 0; D < NDims; ++D) {
        int Source, Dest, From = -7;
        mpi::Cart_shift(Grid, D, 1, &Source, &Dest);
        std::vector<int> Ahead = Mine;
        ++Ahead[static_cast<std::size_t>(D)];
        EXPECT_EQ(Dest, Ahead[static_cast<std::size_t>(D)] < Dims[static_cast<std::size_t>(D)]
                            ? rankOf(Ahead, Dims)
                            : MPI_PROC_NULL);
        mpi::Sendrecv(&R, 1, MPI_INT, Dest, D, &From, 1, MPI_INT, Source, D, Grid,
                      MPI_STATUS_IGNORE);
        if (Source == MPI_PROC_NULL)
          EXPECT_EQ(From, -7);
        else
          EXPECT_EQ(GridRankOf[static_cast<std::size_t>(From)], Source);
      }
      mpi::Comm_free(&Grid);
    }
    return 0;
  });
}

TEST(Topology, ThreeDimensionsAllPeriodic) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    std::vector<int> Dims{0, 0, 0};
    MPI_Dims_create(S, 3, Dims.data());
    int Periods[3] = {1, 1, 1};
    MPI_Comm Grid;
    mpi::Cart_create(MPI_COMM_WORLD, 3, Dims.data(), Periods, 0, &Grid);
    std::vector<int> Mine = coordsOf(R, Dims);
    for (int D = 0; D < 3; ++D)
      for (int Disp : {1, 2, -3}) {
        int Source, Dest;
        mpi::Cart_shift(Grid, D, Disp, &Source, &Dest);
        std::vector<int> Ahead = Mine, Behind = Mine;
        Ahead[D] = ((Mine[D] + Disp) % Dims[D] + Dims[D]) % Dims[D];
        Behind[D] = ((Mine[D] - Disp) % Dims[D] + Dims[D]) % Dims[D];
        EXPECT_EQ(Dest, rankOf(Ahead, Dims)) << "direction " << D << " disp " << Disp;
        EXPECT_EQ(Source, rankOf(Behind, Dims)) << "direction " << D << " disp " << Disp;
      }
    mpi::Comm_free(&Grid);
    return 0;
  });
}

TEST(Topology, RanksBeyondTheGridGetNoCommunicator) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int N = S > 1 ? S - 1 : 1, Periods = 0;
    MPI_Comm Line;
    mpi::Cart_create(MPI_COMM_WORLD, 1, &N, &Periods, 0, &Line);
    EXPECT_EQ(Line == MPI_COMM_NULL, R >= N);
    if (Line != MPI_COMM_NULL) {
      int LineSize = 0, Sum = 0;
      mpi::Comm_size(Line, &LineSize);
      EXPECT_EQ(LineSize, N);
      mpi::Allreduce(&R, &Sum, 1, MPI_INT, MPI_SUM, Line);
      EXPECT_EQ(Sum, N * (N - 1) / 2);
      mpi::Comm_free(&Line);
    }
    // Zero dimensions: a grid of one rank, the first.
    MPI_Comm Point;
    mpi::Cart_create(MPI_COMM_WORLD, 0, nullptr, nullptr, 0, &Point);
    EXPECT_EQ(Point == MPI_COMM_NULL, R != 0);
    if (Point != MPI_COMM_NULL) {
      int NDims = -1, PointSize = 0, Status = -1;
      mpi::Cartdim_get(Point, &NDims);
      mpi::Comm_size(Point, &PointSize);
      mpi::Topo_test(Point, &Status);
      EXPECT_EQ(NDims, 0);
      EXPECT_EQ(PointSize, 1);
      EXPECT_EQ(Status, MPI_CART);
      mpi::Comm_free(&Point);
    }
    // Cart_map tells where Cart_create would put the caller.
    int Mapped = -2;
    mpi::Cart_map(MPI_COMM_WORLD, 1, &N, &Periods, &Mapped);
    EXPECT_EQ(Mapped, R < N ? R : MPI_UNDEFINED);
    return 0;
  });
}

TEST(Topology, SubGridsAreRowsAndColumnsWithWorkingCollectives) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    std::vector<int> Dims{0, 0};
    MPI_Dims_create(S, 2, Dims.data());
    int Periods[2] = {0, 1};
    MPI_Comm Grid, Row, Column, Alone;
    mpi::Cart_create(MPI_COMM_WORLD, 2, Dims.data(), Periods, 0, &Grid);
    std::vector<int> Mine = coordsOf(R, Dims);
    int KeepColumns[2] = {0, 1}, KeepRows[2] = {1, 0}, KeepNone[2] = {0, 0};
    mpi::Cart_sub(Grid, KeepColumns, &Row);
    mpi::Cart_sub(Grid, KeepRows, &Column);
    mpi::Cart_sub(Grid, KeepNone, &Alone);

    int RowRank, RowSize, ColumnRank, ColumnSize;
    mpi::Comm_rank(Row, &RowRank);
    mpi::Comm_size(Row, &RowSize);
    mpi::Comm_rank(Column, &ColumnRank);
    mpi::Comm_size(Column, &ColumnSize);
    EXPECT_EQ(RowSize, Dims[1]);
    EXPECT_EQ(RowRank, Mine[1]);
    EXPECT_EQ(ColumnSize, Dims[0]);
    EXPECT_EQ(ColumnRank, Mine[0]);

    // The sub-grids are Cartesian, with the kept dimension's extent and periodicity.
    int NDims = -1, D = 0, P = -1, C = -1;
    mpi::Cartdim_get(Row, &NDims);
    EXPECT_EQ(NDims, 1);
    mpi::Cart_get(Row, 1, &D, &P, &C);
    EXPECT_EQ(D, Dims[1]);
    EXPECT_EQ(P, 1);
    EXPECT_EQ(C, Mine[1]);
    mpi::Cart_get(Column, 1, &D, &P, &C);
    EXPECT_EQ(D, Dims[0]);
    EXPECT_EQ(P, 0);
    int Source, Dest;
    mpi::Cart_shift(Row, 0, 1, &Source, &Dest); // periodic: wraps inside the row
    EXPECT_EQ(Dest, (Mine[1] + 1) % Dims[1]);
    mpi::Cartdim_get(Alone, &NDims);
    int AloneSize = 0;
    mpi::Comm_size(Alone, &AloneSize);
    EXPECT_EQ(NDims, 0);
    EXPECT_EQ(AloneSize, 1);

    // Collectives on the sub-communicators see only their row or column.
    int RowFirst = RowRank == 0 ? R : -1;
    mpi::Bcast(&RowFirst, 1, MPI_INT, 0, Row);
    EXPECT_EQ(RowFirst, rankOf({Mine[0], 0}, Dims));
    int ColumnSum = 0, Expected = 0;
    mpi::Allreduce(&R, &ColumnSum, 1, MPI_INT, MPI_SUM, Column);
    for (int I = 0; I < Dims[0]; ++I)
      Expected += rankOf({I, Mine[1]}, Dims);
    EXPECT_EQ(ColumnSum, Expected);
    mpi::Barrier(Grid);

    mpi::Comm_free(&Alone);
    mpi::Comm_free(&Column);
    mpi::Comm_free(&Row);
    mpi::Comm_free(&Grid);
    return 0;
  });
}

TEST(Topology, DupKeepsTheGridSplitDoesNot) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Periods = 1;
    MPI_Comm Ring, Dup, Split;
    mpi::Cart_create(MPI_COMM_WORLD, 1, &S, &Periods, 0, &Ring);
    mpi::Comm_dup(Ring, &Dup);
    mpi::Comm_split(Ring, 0, R, &Split);
    int Status = -1;
    mpi::Topo_test(Dup, &Status);
    EXPECT_EQ(Status, MPI_CART);
    mpi::Topo_test(Split, &Status);
    EXPECT_EQ(Status, MPI_UNDEFINED);
    int Source, Dest, Result = -1;
    mpi::Cart_shift(Dup, 0, 1, &Source, &Dest);
    EXPECT_EQ(Dest, (R + 1) % S);
    EXPECT_EQ(Source, (R + S - 1) % S);
    mpi::Comm_compare(Ring, Dup, &Result);
    EXPECT_EQ(Result, MPI_CONGRUENT);
    // The duplicate has its own traffic: a ring on the dup and on the grid at once.
    int A = -1, B = -1;
    MPI_Request Reqs[4];
    mpi::Irecv(&A, 1, MPI_INT, Source, 0, Ring, &Reqs[0]);
    mpi::Irecv(&B, 1, MPI_INT, Source, 0, Dup, &Reqs[1]);
    int Mine = R, Twice = 2 * R;
    mpi::Isend(&Twice, 1, MPI_INT, Dest, 0, Dup, &Reqs[2]);
    mpi::Isend(&Mine, 1, MPI_INT, Dest, 0, Ring, &Reqs[3]);
    mpi::Waitall(4, Reqs, MPI_STATUSES_IGNORE);
    EXPECT_EQ(A, Source);
    EXPECT_EQ(B, 2 * Source);
    mpi::Comm_free(&Split);
    mpi::Comm_free(&Dup);
    mpi::Comm_free(&Ring);
    return 0;
  });
}
