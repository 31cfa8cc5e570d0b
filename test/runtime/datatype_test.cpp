// datatype_test.cpp - derived datatypes travel packed (MPI_Pack/MPI_Unpack) in every path.
#include "runtime_test_support.h"

#include <vector>

using namespace bamboo;
using namespace bamboo::test;

namespace {
struct Particle {
  double Position[3];
  int Id;
  char Tag; // padding follows: the type has holes
};

MPI_Datatype particleType() {
  MPI_Datatype T;
  int Lengths[3] = {3, 1, 1};
  MPI_Aint Offsets[3] = {offsetof(Particle, Position), offsetof(Particle, Id),
                         offsetof(Particle, Tag)};
  MPI_Datatype Types[3] = {MPI_DOUBLE, MPI_INT, MPI_CHAR};
  MPI_Datatype Raw;
  MPI_Type_create_struct(3, Lengths, Offsets, Types, &Raw);
  MPI_Type_create_resized(Raw, 0, sizeof(Particle), &T);
  MPI_Type_free(&Raw);
  MPI_Type_commit(&T);
  return T;
}

// Runs one exchange from the last rank to rank 0, with the given element count, so that small
// counts go eagerly and large ones by rendezvous, locally (VF > 1, P = 1) or across processes.
void exchangeColumns(int Rows) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    constexpr int Cols = 4;
    MPI_Datatype Column;
    MPI_Type_vector(Rows, 1, Cols, MPI_DOUBLE, &Column);
    MPI_Type_commit(&Column);
    if (R == S - 1) {
      std::vector<double> Matrix(Rows * Cols);
      for (int I = 0; I < Rows * Cols; ++I)
        Matrix[I] = I;
      // Column 2 as a strided vector to rank 0, which receives it contiguous; and back.
      mpi::Send(&Matrix[2], 1, Column, 0, 1, MPI_COMM_WORLD);
      std::vector<double> Contiguous(Rows);
      for (int I = 0; I < Rows; ++I)
        Contiguous[I] = -I;
      mpi::Send(Contiguous.data(), Rows, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD);
    } else if (R == 0) {
      std::vector<double> Contiguous(Rows, -1);
      MPI_Status Status;
      mpi::Recv(Contiguous.data(), Rows, MPI_DOUBLE, S - 1, 1, MPI_COMM_WORLD, &Status);
      int Count = -1;
      MPI_Get_count(&Status, MPI_DOUBLE, &Count);
      EXPECT_EQ(Count, Rows);
      EXPECT_EQ(Contiguous[0], 2);
      EXPECT_EQ(Contiguous[Rows - 1], (Rows - 1) * Cols + 2);
      std::vector<double> Matrix(Rows * Cols, 7);
      mpi::Recv(&Matrix[1], 1, Column, S - 1, 2, MPI_COMM_WORLD, &Status);
      MPI_Get_count(&Status, Column, &Count);
      EXPECT_EQ(Count, 1);
      EXPECT_EQ(Matrix[1], 0);
      EXPECT_EQ(Matrix[(Rows - 1) * Cols + 1], -(Rows - 1));
      EXPECT_EQ(Matrix[0], 7); // holes untouched
      EXPECT_EQ(Matrix[2], 7);
    }
    MPI_Type_free(&Column);
    return 0;
  });
}
} // namespace

TEST(Datatypes, StridedVectorsEager) {
  BAMBOO_NEED_RANKS(2);
  exchangeColumns(100);
}

TEST(Datatypes, StridedVectorsRendezvous) {
  BAMBOO_NEED_RANKS(2);
  exchangeColumns(50000); // 400 KB of payload
}

TEST(Datatypes, StructsWithHoles) {
  BAMBOO_NEED_RANKS(2);
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    MPI_Datatype T = particleType();
    std::vector<Particle> Ps(5000);
    if (R == 0) {
      for (int I = 0; I < 5000; ++I)
        Ps[I] = Particle{{1.0 * I, 2.0, 3.0}, I, 'x'};
      mpi::Send(Ps.data(), 5000, T, S - 1, 0, MPI_COMM_WORLD);
      mpi::Send(Ps.data(), 3, T, S - 1, 1, MPI_COMM_WORLD);
    } else if (R == S - 1) {
      mpi::Recv(Ps.data(), 5000, T, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      EXPECT_EQ(Ps[4999].Id, 4999);
      EXPECT_EQ(Ps[4999].Position[0], 4999.0);
      EXPECT_EQ(Ps[4999].Tag, 'x');
      MPI_Status Status;
      mpi::Recv(Ps.data(), 5000, T, 0, 1, MPI_COMM_WORLD, &Status);
      int Count = -1;
      MPI_Get_count(&Status, T, &Count);
      EXPECT_EQ(Count, 3);
    }
    MPI_Type_free(&T);
    return 0;
  });
}

// MPI lets a program free a datatype while operations that use it are pending; they complete
// normally. The runtime unpacks a receive and packs a rendezvous send after the call returned:
// a freed struct type once left the receive's buffer untouched. A ring of eager and rendezvous
// sends, a receive, and a persistent receive started after its type was freed.
TEST(Datatypes, AFreedDatatypeServesThePendingOperations) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    for (int N : {3, 5000}) { // eager, rendezvous
      std::vector<Particle> Out(N), In(N), Again(N);
      for (int I = 0; I < N; ++I)
        Out[I] = Particle{{1.0 * R, 1.0 * I, 3.0}, R * 100000 + I, 'x'};
      MPI_Datatype T = particleType(), P = particleType();
      MPI_Request Req[2], Persistent;
      mpi::Irecv(In.data(), N, T, Left, 0, MPI_COMM_WORLD, &Req[0]);
      mpi::Isend(Out.data(), N, T, Right, 0, MPI_COMM_WORLD, &Req[1]);
      mpi::Recv_init(Again.data(), N, P, Left, 1, MPI_COMM_WORLD, &Persistent);
      MPI_Type_free(&T);
      MPI_Type_free(&P);
      EXPECT_EQ(T, MPI_DATATYPE_NULL);
      mpi::Waitall(2, Req, MPI_STATUSES_IGNORE);
      mpi::Start(&Persistent);
      MPI_Datatype Q = particleType();
      mpi::Send(Out.data(), N, Q, Right, 1, MPI_COMM_WORLD);
      MPI_Type_free(&Q);
      mpi::Wait(&Persistent, MPI_STATUS_IGNORE);
      mpi::Request_free(&Persistent);
      for (const std::vector<Particle> *Got : {&In, &Again}) {
        EXPECT_EQ((*Got)[N - 1].Id, Left * 100000 + N - 1) << "N=" << N;
        EXPECT_EQ((*Got)[N - 1].Position[1], N - 1.0);
        EXPECT_EQ((*Got)[0].Tag, 'x');
      }
    }
    return 0;
  });
}

// Issue 10: MPI_BOTTOM with a datatype of absolute addresses failed in MPI_Pack (MPICH refuses
// a null buffer). Every path: a struct with holes and a single block, sent to a rank of the
// same process and of another, in a ring, and broadcast.
TEST(Datatypes, AbsoluteAddressesFromBottom) {
  runRanks([&](int, char **) -> int {
    int R = rank(), S = size();
    int Right = (R + 1) % S, Left = (R + S - 1) % S;
    struct {
      int A;
      double B[3];
      char C;
    } Out = {R, {R * 1.5, 2.0, 3.0}, 'x'}, In = {-1, {0, 0, 0}, '?'};
    auto absoluteType = [](auto &Value) {
      int Lengths[3] = {1, 3, 1};
      MPI_Aint Addresses[3];
      MPI_Get_address(&Value.A, &Addresses[0]);
      MPI_Get_address(&Value.B, &Addresses[1]);
      MPI_Get_address(&Value.C, &Addresses[2]);
      MPI_Datatype Types[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR}, T;
      MPI_Type_create_struct(3, Lengths, Addresses, Types, &T);
      MPI_Type_commit(&T);
      return T;
    };
    MPI_Datatype OutType = absoluteType(Out), InType = absoluteType(In);
    mpi::Sendrecv(MPI_BOTTOM, 1, OutType, Right, 0, MPI_BOTTOM, 1, InType, Left, 0, MPI_COMM_WORLD,
                  MPI_STATUS_IGNORE);
    EXPECT_EQ(In.A, Left);
    EXPECT_EQ(In.B[0], Left * 1.5);
    EXPECT_EQ(In.C, 'x');

    int X = R * 10, Y = -1, One = 1;
    MPI_Aint XAddress, YAddress;
    MPI_Get_address(&X, &XAddress);
    MPI_Get_address(&Y, &YAddress);
    MPI_Datatype Int = MPI_INT, XType, YType;
    MPI_Type_create_struct(1, &One, &XAddress, &Int, &XType);
    MPI_Type_create_struct(1, &One, &YAddress, &Int, &YType);
    MPI_Type_commit(&XType);
    MPI_Type_commit(&YType);
    MPI_Request Requests[2];
    mpi::Irecv(MPI_BOTTOM, 1, YType, Left, 1, MPI_COMM_WORLD, &Requests[0]);
    mpi::Isend(MPI_BOTTOM, 1, XType, Right, 1, MPI_COMM_WORLD, &Requests[1]);
    mpi::Waitall(2, Requests, MPI_STATUSES_IGNORE);
    EXPECT_EQ(Y, Left * 10);

    In.A = -1;
    mpi::Bcast(MPI_BOTTOM, 1, R == 0 ? OutType : InType, 0, MPI_COMM_WORLD);
    EXPECT_EQ(R == 0 ? Out.A : In.A, 0);
    for (MPI_Datatype *T : {&OutType, &InType, &XType, &YType})
      MPI_Type_free(T);
    return 0;
  });
}
