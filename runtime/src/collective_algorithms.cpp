// collective_algorithms.cpp - collectives over virtual ranks, built on internal point-to-point.
//
// Trees are binomial over communicator ranks; with block mapping their lower levels stay
// inside a process. Reductions combine in rank order (rank 0's value leftmost), as MPI
// requires for non-commutative operations; scans are a chain in rank order. Gathers and
// scatters are linear at the root, which posts all its receives at once. See
// collective_support.h for the building blocks.
#include "collective_algorithms.h"

#include <algorithm>
#include <numeric>
#include <optional>

namespace bamboo::detail {

namespace {

// Prefix sums of Counts: the displacements of consecutive blocks.
std::vector<int> displacementsOf(const int Counts[], int Size) {
  std::vector<int> Displs(Size, 0);
  for (int I = 1; I < Size; ++I)
    Displs[I] = Displs[I - 1] + Counts[I - 1];
  return Displs;
}

// Size blocks of Count elements each, back to back.
struct Blocks {
  std::vector<int> Counts, Displs;
  Blocks(int Size, int Count) : Counts(Size, Count), Displs(displacementsOf(Counts.data(), Size)) {}
};

// Gathers one block per rank into RecvBuf at Root (Gather and Gatherv).
void gatherBlocks(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                  MPI_Datatype SendType, void *RecvBuf, const int RecvCounts[], const int Displs[],
                  MPI_Datatype RecvType, int Root) {
  int Rank = rankIn(C, Cm);
  if (Rank != Root) {
    internalSend(C, Cm, SendBuf, SendCount, SendType, Root, GatherTag);
    return;
  }
  std::vector<InternalRecv> Recvs;
  for (int I = 0; I < Cm.Size; ++I) {
    void *Into = offset(RecvBuf, Displs[I], RecvType);
    if (I != Root)
      Recvs.push_back({Into, RecvCounts[I], RecvType, I});
    else if (SendBuf != MPI_IN_PLACE)
      copyTyped(SendBuf, SendCount, SendType, Into, RecvCounts[I], RecvType);
  }
  internalRecvAll(C, Cm, Recvs, GatherTag);
}

// Scatters one block per rank from SendBuf at Root (Scatter and Scatterv).
void scatterBlocks(Call &C, const Communicator &Cm, const void *SendBuf, const int SendCounts[],
                   const int Displs[], MPI_Datatype SendType, void *RecvBuf, int RecvCount,
                   MPI_Datatype RecvType, int Root) {
  int Rank = rankIn(C, Cm);
  if (Rank != Root) {
    internalRecv(C, Cm, RecvBuf, RecvCount, RecvType, Root, ScatterTag);
    return;
  }
  for (int I = 0; I < Cm.Size; ++I) {
    const void *From = offset(SendBuf, Displs[I], SendType);
    if (I != Root)
      internalSend(C, Cm, From, SendCounts[I], SendType, I, ScatterTag);
    else if (RecvBuf != MPI_IN_PLACE)
      copyTyped(From, SendCounts[I], SendType, RecvBuf, RecvCount, RecvType);
  }
}

// What a rank sends to and receives from one peer in an all-to-all.
struct Piece {
  const void *Send;
  int SendCount;
  MPI_Datatype SendType;
  void *Recv;
  int RecvCount;
  MPI_Datatype RecvType;
};

// Every rank sends piece I to rank I and receives piece J from rank J (Alltoall(v,w)).
void exchangePieces(Call &C, const Communicator &Cm, std::vector<Piece> Pieces) {
  int Rank = rankIn(C, Cm);
  std::vector<InternalRecv> Recvs;
  for (int I = 0; I < Cm.Size; ++I)
    if (I != Rank)
      Recvs.push_back({Pieces[I].Recv, Pieces[I].RecvCount, Pieces[I].RecvType, I});
  for (int I = 0; I < Cm.Size; ++I)
    if (I != Rank)
      internalSend(C, Cm, Pieces[I].Send, Pieces[I].SendCount, Pieces[I].SendType, I, AlltoallTag);
  const Piece &Own = Pieces[Rank];
  copyTyped(Own.Send, Own.SendCount, Own.SendType, Own.Recv, Own.RecvCount, Own.RecvType);
  internalRecvAll(C, Cm, Recvs, AlltoallTag);
}

// The pieces of Alltoall(v): blocks of one datatype at element displacements.
std::vector<Piece> piecesOf(const Communicator &Cm, const void *SendBuf, const int SendCounts[],
                            const int SendDispls[], MPI_Datatype SendType, void *RecvBuf,
                            const int RecvCounts[], const int RecvDispls[], MPI_Datatype RecvType) {
  std::vector<Piece> Pieces(Cm.Size);
  for (int I = 0; I < Cm.Size; ++I)
    Pieces[I] = Piece{offset(SendBuf, SendDispls[I], SendType), SendCounts[I], SendType,
                      offset(RecvBuf, RecvDispls[I], RecvType), RecvCounts[I], RecvType};
  return Pieces;
}

} // namespace

void barrierAlgorithm(Call &C, const Communicator &Cm) {
  reduceToZero(C, Cm, nullptr, 0, MPI_BYTE, MPI_OP_NULL, BarrierTag);
  broadcast(C, Cm, nullptr, 0, MPI_BYTE, 0, BarrierTag);
}

void bcastAlgorithm(Call &C, const Communicator &Cm, void *Buf, int Count, MPI_Datatype Type,
                    int Root) {
  checkRoot(C, Cm, Root);
  checkCount(C, Count, Type);
  broadcast(C, Cm, Buf, Count, Type, Root, BcastTag);
}

void reduceAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, void *RecvBuf, int Count,
                     MPI_Datatype Type, MPI_Op Op, int Root) {
  checkRoot(C, Cm, Root);
  checkCount(C, Count, Type);
  int Rank = rankIn(C, Cm);
  TypedBuffer Acc(Count, Type);
  copyTyped(SendBuf == MPI_IN_PLACE ? RecvBuf : SendBuf, Acc.data(), Count, Type);
  reduceToZero(C, Cm, Acc.data(), Count, Type, Op, ReduceTag);
  if (Root == 0) {
    if (Rank == 0)
      copyTyped(Acc.data(), RecvBuf, Count, Type);
  } else if (Rank == 0) {
    internalSend(C, Cm, Acc.data(), Count, Type, Root, ReduceResultTag);
  } else if (Rank == Root) {
    internalRecv(C, Cm, RecvBuf, Count, Type, 0, ReduceResultTag);
  }
}

void allreduceAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, void *RecvBuf,
                        int Count, MPI_Datatype Type, MPI_Op Op) {
  checkCount(C, Count, Type);
  TypedBuffer Acc(Count, Type);
  copyTyped(SendBuf == MPI_IN_PLACE ? RecvBuf : SendBuf, Acc.data(), Count, Type);
  reduceToZero(C, Cm, Acc.data(), Count, Type, Op, ReduceTag);
  if (rankIn(C, Cm) == 0)
    copyTyped(Acc.data(), RecvBuf, Count, Type);
  broadcast(C, Cm, RecvBuf, Count, Type, 0, BcastTag);
}

void gatherAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                     MPI_Datatype SendType, void *RecvBuf, int RecvCount, MPI_Datatype RecvType,
                     int Root) {
  checkRoot(C, Cm, Root);
  Blocks B(Cm.Size, RecvCount);
  gatherBlocks(C, Cm, SendBuf, SendCount, SendType, RecvBuf, B.Counts.data(), B.Displs.data(),
               RecvType, Root);
}

void gathervAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                      MPI_Datatype SendType, void *RecvBuf, const int RecvCounts[],
                      const int Displs[], MPI_Datatype RecvType, int Root) {
  checkRoot(C, Cm, Root);
  gatherBlocks(C, Cm, SendBuf, SendCount, SendType, RecvBuf, RecvCounts, Displs, RecvType, Root);
}

void scatterAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                      MPI_Datatype SendType, void *RecvBuf, int RecvCount, MPI_Datatype RecvType,
                      int Root) {
  checkRoot(C, Cm, Root);
  Blocks B(Cm.Size, SendCount);
  scatterBlocks(C, Cm, SendBuf, B.Counts.data(), B.Displs.data(), SendType, RecvBuf, RecvCount,
                RecvType, Root);
}

void scattervAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, const int SendCounts[],
                       const int Displs[], MPI_Datatype SendType, void *RecvBuf, int RecvCount,
                       MPI_Datatype RecvType, int Root) {
  checkRoot(C, Cm, Root);
  scatterBlocks(C, Cm, SendBuf, SendCounts, Displs, SendType, RecvBuf, RecvCount, RecvType, Root);
}

void allgatherAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                        MPI_Datatype SendType, void *RecvBuf, int RecvCount,
                        MPI_Datatype RecvType) {
  int Rank = rankIn(C, Cm);
  Blocks B(Cm.Size, RecvCount);
  if (SendBuf == MPI_IN_PLACE) { // my block is already in place
    SendBuf = offset(RecvBuf, B.Displs[Rank], RecvType);
    SendCount = RecvCount;
    SendType = RecvType;
  }
  gatherBlocks(C, Cm, SendBuf, SendCount, SendType, RecvBuf, B.Counts.data(), B.Displs.data(),
               RecvType, 0);
  broadcast(C, Cm, RecvBuf, RecvCount * Cm.Size, RecvType, 0, BcastTag);
}

void allgathervAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                         MPI_Datatype SendType, void *RecvBuf, const int RecvCounts[],
                         const int Displs[], MPI_Datatype RecvType) {
  int Rank = rankIn(C, Cm);
  if (SendBuf == MPI_IN_PLACE) {
    SendBuf = offset(RecvBuf, Displs[Rank], RecvType);
    SendCount = RecvCounts[Rank];
    SendType = RecvType;
  }
  gatherBlocks(C, Cm, SendBuf, SendCount, SendType, RecvBuf, RecvCounts, Displs, RecvType, 0);
  // The blocks may sit anywhere in the buffer: broadcast them as one indexed element.
  MPI_Datatype Blocks;
  MPI_Type_indexed(Cm.Size, RecvCounts, Displs, RecvType, &Blocks);
  MPI_Type_commit(&Blocks);
  broadcast(C, Cm, RecvBuf, 1, Blocks, 0, BcastTag);
  MPI_Type_free(&Blocks);
}

void alltoallAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, int SendCount,
                       MPI_Datatype SendType, void *RecvBuf, int RecvCount, MPI_Datatype RecvType) {
  Blocks Out(Cm.Size, SendCount), In(Cm.Size, RecvCount);
  std::optional<TypedBuffer> Copy;
  if (SendBuf == MPI_IN_PLACE) { // send from a copy of what the receive overwrites
    Copy.emplace(RecvCount * Cm.Size, RecvType);
    copyTyped(RecvBuf, Copy->data(), RecvCount * Cm.Size, RecvType);
    SendBuf = Copy->data();
    Out = In;
    SendType = RecvType;
  }
  exchangePieces(C, Cm,
                 piecesOf(Cm, SendBuf, Out.Counts.data(), Out.Displs.data(), SendType, RecvBuf,
                          In.Counts.data(), In.Displs.data(), RecvType));
}

void alltoallvAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf,
                        const int SendCounts[], const int SendDispls[], MPI_Datatype SendType,
                        void *RecvBuf, const int RecvCounts[], const int RecvDispls[],
                        MPI_Datatype RecvType) {
  std::optional<TypedBuffer> Copy;
  if (SendBuf == MPI_IN_PLACE) {
    int Extent = 0;
    for (int I = 0; I < Cm.Size; ++I)
      Extent = std::max(Extent, RecvDispls[I] + RecvCounts[I]);
    Copy.emplace(Extent, RecvType);
    copyTyped(RecvBuf, Copy->data(), Extent, RecvType);
    SendBuf = Copy->data();
    SendCounts = RecvCounts;
    SendDispls = RecvDispls;
    SendType = RecvType;
  }
  exchangePieces(C, Cm,
                 piecesOf(Cm, SendBuf, SendCounts, SendDispls, SendType, RecvBuf, RecvCounts,
                          RecvDispls, RecvType));
}

void alltoallwAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf,
                        const int SendCounts[], const int SendDispls[],
                        const MPI_Datatype SendTypes[], void *RecvBuf, const int RecvCounts[],
                        const int RecvDispls[], const MPI_Datatype RecvTypes[]) {
  std::vector<Piece> Pieces(Cm.Size);
  // In place: each peer's block leaves from a packed copy of what its receive overwrites.
  std::vector<std::vector<std::byte>> Copies;
  if (SendBuf == MPI_IN_PLACE)
    Copies.resize(Cm.Size);
  for (int I = 0; I < Cm.Size; ++I) {
    checkCount(C, RecvCounts[I], RecvTypes[I]);
    void *Into = static_cast<char *>(RecvBuf) + RecvDispls[I];
    Pieces[I].Recv = Into;
    Pieces[I].RecvCount = RecvCounts[I];
    Pieces[I].RecvType = RecvTypes[I];
    if (SendBuf == MPI_IN_PLACE) {
      Layout L = layoutOf(RecvCounts[I], RecvTypes[I]);
      Copies[I].resize(L.Bytes);
      pack(Into, RecvCounts[I], RecvTypes[I], L, Copies[I].data());
      Pieces[I].Send = Copies[I].data();
      Pieces[I].SendCount = static_cast<int>(L.Bytes);
      Pieces[I].SendType = MPI_BYTE;
    } else {
      checkCount(C, SendCounts[I], SendTypes[I]);
      Pieces[I].Send = static_cast<const char *>(SendBuf) + SendDispls[I];
      Pieces[I].SendCount = SendCounts[I];
      Pieces[I].SendType = SendTypes[I];
    }
  }
  exchangePieces(C, Cm, std::move(Pieces));
}

// The prefix reduction along the chain of ranks: Inclusive gives op over ranks 0..r,
// otherwise 0..r-1 (rank 0's result is left untouched).
void scanAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, void *RecvBuf, int Count,
                   MPI_Datatype Type, MPI_Op Op, bool Inclusive) {
  checkCount(C, Count, Type);
  int Rank = rankIn(C, Cm);
  TypedBuffer Mine(Count, Type), Prefix(Count, Type);
  copyTyped(SendBuf == MPI_IN_PLACE ? RecvBuf : SendBuf, Mine.data(), Count, Type);
  if (Rank > 0) {
    internalRecv(C, Cm, Prefix.data(), Count, Type, Rank - 1, ScanTag);
    if (!Inclusive)
      copyTyped(Prefix.data(), RecvBuf, Count, Type);
    reduceLocal(Prefix.data(), Mine.data(), Count, Type, Op); // Mine = prefix op mine
  }
  if (Inclusive)
    copyTyped(Mine.data(), RecvBuf, Count, Type);
  if (Rank + 1 < Cm.Size)
    internalSend(C, Cm, Mine.data(), Count, Type, Rank + 1, ScanTag);
}

void reduceScatterBlockAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf,
                                 void *RecvBuf, int RecvCount, MPI_Datatype Type, MPI_Op Op) {
  Blocks B(Cm.Size, RecvCount);
  int Total = RecvCount * Cm.Size;
  TypedBuffer Acc(Total, Type);
  copyTyped(SendBuf == MPI_IN_PLACE ? RecvBuf : SendBuf, Acc.data(), Total, Type);
  reduceToZero(C, Cm, Acc.data(), Total, Type, Op, ReduceTag);
  scatterBlocks(C, Cm, Acc.data(), B.Counts.data(), B.Displs.data(), Type, RecvBuf, RecvCount, Type,
                0);
}

void reduceScatterAlgorithm(Call &C, const Communicator &Cm, const void *SendBuf, void *RecvBuf,
                            const int RecvCounts[], MPI_Datatype Type, MPI_Op Op) {
  std::vector<int> Displs = displacementsOf(RecvCounts, Cm.Size);
  int Total = std::accumulate(RecvCounts, RecvCounts + Cm.Size, 0);
  TypedBuffer Acc(Total, Type);
  copyTyped(SendBuf == MPI_IN_PLACE ? RecvBuf : SendBuf, Acc.data(), Total, Type);
  reduceToZero(C, Cm, Acc.data(), Total, Type, Op, ReduceTag);
  scatterBlocks(C, Cm, Acc.data(), RecvCounts, Displs.data(), Type, RecvBuf,
                RecvCounts[rankIn(C, Cm)], Type, 0);
}

} // namespace bamboo::detail
