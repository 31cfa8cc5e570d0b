// collective_support.cpp - internal messages, trees, typed buffers.
#include "collective_support.h"

#include <cstring>

namespace bamboo::detail {

namespace {
using Lock = std::lock_guard<std::mutex>;
}

TypedBuffer::TypedBuffer(int Count, MPI_Datatype Type) {
  MPI_Aint Lb, Extent, TrueExtent;
  MPI_Type_get_extent(Type, &Lb, &Extent);
  MPI_Type_get_true_extent(Type, &TrueLb, &TrueExtent);
  if (Count > 0)
    Storage.resize(static_cast<std::size_t>(TrueExtent + (Count - 1) * Extent));
}

MPI_Aint extentOf(MPI_Datatype Type) {
  MPI_Aint Lb, Extent;
  MPI_Type_get_extent(Type, &Lb, &Extent);
  return Extent;
}

void copyTyped(const void *From, int FromCount, MPI_Datatype FromType, void *To, int ToCount,
               MPI_Datatype ToType) {
  Layout FL = layoutOf(FromCount, FromType), TL = layoutOf(ToCount, ToType);
  if (From == To && FromType == ToType)
    return;
  if (FL.Contiguous && TL.Contiguous) {
    std::memmove(dataStart(To, TL.Offset), dataStart(From, FL.Offset),
                 std::min(FL.Bytes, TL.Bytes));
    return;
  }
  std::vector<std::byte> Packed(FL.Bytes);
  pack(From, FromCount, FromType, FL, Packed.data());
  unpack(Packed.data(), Packed.size(), To, ToCount, ToType, TL);
}

int nonblockingTagBase(RankTask &Rank, const Communicator &Cm) {
  unsigned N = Rank.NonblockingCollectives[&Cm]++;
  return 4 * TagsPerCollective + static_cast<int>(N % (1u << 20)) * TagsPerCollective;
}

int rankIn(const Call &C, const Communicator &Cm) { return Cm.rankOf(C.Rank.WorldRank); }

const Communicator &communicator(Call &C, MPI_Comm Comm) {
  Lock L(C.Parts.Lock);
  return C.Parts.Comms.lookup(Comm, C.Site);
}

void checkRoot(Call &C, const Communicator &Cm, int Root) {
  if (Root < 0 || Root >= Cm.Size)
    callError(C, "invalid root " + std::to_string(Root) + " for " + Cm.Name + " of size " +
                     std::to_string(Cm.Size));
}

void internalSend(Call &C, const Communicator &Cm, const void *Buf, int Count, MPI_Datatype Type,
                  int Dest, int Tag) {
  Request S;
  Tag += C.TagBase;
  prepareSend(C, S, Buf, Count, Type, Cm.worldRankOf(Dest, C.Rank), Tag, Cm.CollectiveContext, Cm);
  Lock L(C.Parts.Lock);
  C.Parts.Eng.startSend(S, Envelope{rankIn(C, Cm), Tag, Cm.CollectiveContext}, SendMode::Buffered);
  // The others wait for it, and this rank may compute next (a root that only sends, a
  // reduction's result): it leaves now, not when the rank next suspends.
  C.Parts.Net.flush();
}

void internalRecvAll(Call &C, const Communicator &Cm, std::vector<InternalRecv> Recvs, int Tag) {
  std::vector<Request> Requests(Recvs.size());
  WaitGroup G;
  Tag += C.TagBase;
  {
    Lock L(C.Parts.Lock);
    for (std::size_t I = 0; I < Recvs.size(); ++I) {
      Request &R = Requests[I];
      prepareRecv(C, R, Recvs[I].Buf, Recvs[I].Count, Recvs[I].Type, Recvs[I].Source, Tag,
                  Cm.CollectiveContext, Cm);
      C.Parts.Eng.startRecv(R);
      G.watch(R);
    }
  }
  block(C, G);
  for (const Request &R : Requests)
    if (R.Error != MPI_SUCCESS)
      callError(C, "message of the collective longer than expected: do all ranks pass "
                   "matching counts and datatypes?");
}

void broadcast(Call &C, const Communicator &Cm, void *Buf, int Count, MPI_Datatype Type, int Root,
               int Tag) {
  int Size = Cm.Size;
  int Relative = (rankIn(C, Cm) - Root + Size) % Size;
  int Mask = 1;
  for (; Mask < Size; Mask <<= 1)
    if (Relative & Mask) {
      internalRecv(C, Cm, Buf, Count, Type, (Relative - Mask + Root) % Size, Tag);
      break;
    }
  for (Mask >>= 1; Mask > 0; Mask >>= 1)
    if (Relative + Mask < Size)
      internalSend(C, Cm, Buf, Count, Type, (Relative + Mask + Root) % Size, Tag);
}

void reduceToZero(Call &C, const Communicator &Cm, void *Acc, int Count, MPI_Datatype Type,
                  MPI_Op Op, int Tag) {
  int Size = Cm.Size, Rank = rankIn(C, Cm);
  int Commutative = 1;
  if (Count > 0)
    MPI_Op_commutative(Op, &Commutative);
  TypedBuffer Incoming(Count, Type);
  for (int Mask = 1; Mask < Size; Mask <<= 1) {
    if (Rank & Mask) {
      internalSend(C, Cm, Acc, Count, Type, Rank - Mask, Tag);
      return;
    }
    if (Rank + Mask >= Size)
      continue;
    internalRecv(C, Cm, Incoming.data(), Count, Type, Rank + Mask, Tag);
    if (Count == 0)
      continue;
    // reduceLocal(In, InOut) computes InOut = In op InOut; Acc holds the lower ranks.
    if (Commutative) {
      reduceLocal(Incoming.data(), Acc, Count, Type, Op);
    } else {
      reduceLocal(Acc, Incoming.data(), Count, Type, Op);
      copyTyped(Incoming.data(), Acc, Count, Type);
    }
  }
}

} // namespace bamboo::detail
