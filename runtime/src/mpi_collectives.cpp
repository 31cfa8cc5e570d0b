// mpi_collectives.cpp - collectives over virtual ranks, built on internal point-to-point.
//
// Internal messages use the communicator's collective context, so they never match user
// receives, and are always buffered, so a collective never waits on a send. Trees are binomial
// over communicator ranks; with block mapping their lower levels stay inside a process.
// Reductions combine in rank order (rank 0's value leftmost), as MPI requires for
// non-commutative operations.
#include "bamboo/mpi.h"

#include "api_support.h"

#include <cstring>

namespace bamboo::mpi {

using namespace detail;

namespace {

using Lock = std::lock_guard<std::mutex>;

enum CollectiveTag { BarrierTag = 1, BcastTag, ReduceTag, ReduceResultTag };

// Storage for Count elements of Type with MPI's layout (extent, true lower bound).
class TypedBuffer {
public:
  TypedBuffer(int Count, MPI_Datatype Type) {
    MPI_Aint Lb, Extent;
    MPI_Type_get_extent(Type, &Lb, &Extent);
    MPI_Type_get_true_extent(Type, &TrueLb, &TrueExtent);
    if (Count > 0)
      Storage.resize(static_cast<std::size_t>(TrueExtent + (Count - 1) * Extent));
  }
  void *data() { return Storage.data() - TrueLb; }

private:
  MPI_Aint TrueLb = 0, TrueExtent = 0;
  std::vector<std::byte> Storage;
};

void copyTyped(const void *From, void *To, int Count, MPI_Datatype Type) {
  if (From == To)
    return;
  Layout L = layoutOf(Count, Type);
  if (L.Contiguous) {
    std::memcpy(static_cast<std::byte *>(To) + L.Offset,
                static_cast<const std::byte *>(From) + L.Offset, L.Bytes);
    return;
  }
  std::vector<std::byte> Packed(L.Bytes);
  pack(From, Count, Type, L, Packed.data());
  unpack(Packed.data(), Packed.size(), To, Count, Type, L);
}

int rankIn(const Call &C, const Communicator &Cm) { return Cm.rankOf(C.Rank.WorldRank); }

// Buffered: completes at once.
void internalSend(Call &C, const Communicator &Cm, const void *Buf, int Count,
                  MPI_Datatype Type, int Dest, int Tag) {
  Request S;
  S.Owner = &C.Rank;
  S.Site = C.Site;
  S.SendBuf = Buf;
  S.Count = Count;
  S.Type = Type;
  S.Tag = Tag;
  S.Context = Cm.CollectiveContext;
  S.Comm = &Cm;
  S.DestWorld = Cm.worldRankOf(Dest, C.Rank);
  Lock L(C.RT.Lock);
  C.RT.Eng.startSend(S, Envelope{rankIn(C, Cm), Tag, Cm.CollectiveContext}, SendMode::Buffered);
}

Task<> internalRecv(Call &C, const Communicator &Cm, void *Buf, int Count, MPI_Datatype Type,
                    int Source, int Tag) {
  Request R;
  WaitGroup G;
  R.Owner = &C.Rank;
  R.Site = C.Site;
  R.Buf = Buf;
  R.Count = Count;
  R.Type = Type;
  R.Source = Source;
  R.Tag = Tag;
  R.Context = Cm.CollectiveContext;
  R.Comm = &Cm;
  {
    Lock L(C.RT.Lock);
    C.RT.Eng.startRecv(R);
    if (!R.Complete) {
      G.Pending = 1;
      R.Group = &G;
    }
  }
  co_await Block(C, G);
  if (R.Error != MPI_SUCCESS)
    callError(C, "internal message of a collective truncated: do all ranks pass matching "
                 "counts and datatypes?");
}

// Binomial broadcast of Buf from Root.
Task<> broadcast(Call &C, const Communicator &Cm, void *Buf, int Count, MPI_Datatype Type,
                 int Root, int Tag) {
  int Size = Cm.Size;
  int Relative = (rankIn(C, Cm) - Root + Size) % Size;
  int Mask = 1;
  for (; Mask < Size; Mask <<= 1)
    if (Relative & Mask) {
      co_await internalRecv(C, Cm, Buf, Count, Type, (Relative - Mask + Root) % Size, Tag);
      break;
    }
  for (Mask >>= 1; Mask > 0; Mask >>= 1)
    if (Relative + Mask < Size)
      internalSend(C, Cm, Buf, Count, Type, (Relative + Mask + Root) % Size, Tag);
}

// Binomial reduction to rank 0: there Acc ends as Acc(0) op Acc(1) op ... op Acc(size-1).
Task<> reduceToZero(Call &C, const Communicator &Cm, void *Acc, int Count, MPI_Datatype Type,
                    MPI_Op Op, int Tag) {
  int Size = Cm.Size, Rank = rankIn(C, Cm);
  int Commutative = 1;
  if (Count > 0)
    MPI_Op_commutative(Op, &Commutative);
  TypedBuffer Incoming(Count, Type);
  for (int Mask = 1; Mask < Size; Mask <<= 1) {
    if (Rank & Mask) {
      internalSend(C, Cm, Acc, Count, Type, Rank - Mask, Tag);
      co_return;
    }
    if (Rank + Mask >= Size)
      continue;
    co_await internalRecv(C, Cm, Incoming.data(), Count, Type, Rank + Mask, Tag);
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

const Communicator &communicator(Call &C, MPI_Comm Comm) {
  Lock L(C.RT.Lock);
  return C.RT.Comms.lookup(Comm, C.Site);
}

void checkRoot(Call &C, const Communicator &Cm, int Root) {
  if (Root < 0 || Root >= Cm.Size)
    callError(C, "invalid root " + std::to_string(Root) + " for " + Cm.Name + " of size " +
                     std::to_string(Cm.Size));
}

} // namespace

Task<int> Barrier(MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Barrier", W);
  const Communicator &Cm = communicator(C, Comm);
  co_await reduceToZero(C, Cm, nullptr, 0, MPI_BYTE, MPI_OP_NULL, BarrierTag);
  co_await broadcast(C, Cm, nullptr, 0, MPI_BYTE, 0, BarrierTag);
  co_return MPI_SUCCESS;
}

Task<int> Bcast(void *Buf, int Count, MPI_Datatype Type, int Root, MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Bcast", W);
  const Communicator &Cm = communicator(C, Comm);
  checkRoot(C, Cm, Root);
  checkCount(C, Count, Type);
  co_await broadcast(C, Cm, Buf, Count, Type, Root, BcastTag);
  co_return MPI_SUCCESS;
}

Task<int> Reduce(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type, MPI_Op Op,
                 int Root, MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Reduce", W);
  const Communicator &Cm = communicator(C, Comm);
  checkRoot(C, Cm, Root);
  checkCount(C, Count, Type);
  int Rank = rankIn(C, Cm);
  TypedBuffer Acc(Count, Type);
  copyTyped(SendBuf == MPI_IN_PLACE ? RecvBuf : SendBuf, Acc.data(), Count, Type);
  co_await reduceToZero(C, Cm, Acc.data(), Count, Type, Op, ReduceTag);
  if (Root == 0) {
    if (Rank == 0)
      copyTyped(Acc.data(), RecvBuf, Count, Type);
  } else if (Rank == 0) {
    internalSend(C, Cm, Acc.data(), Count, Type, Root, ReduceResultTag);
  } else if (Rank == Root) {
    co_await internalRecv(C, Cm, RecvBuf, Count, Type, 0, ReduceResultTag);
  }
  co_return MPI_SUCCESS;
}

Task<int> Allreduce(const void *SendBuf, void *RecvBuf, int Count, MPI_Datatype Type,
                    MPI_Op Op, MPI_Comm Comm, Where W) {
  Call C = enter("MPI_Allreduce", W);
  const Communicator &Cm = communicator(C, Comm);
  checkCount(C, Count, Type);
  TypedBuffer Acc(Count, Type);
  copyTyped(SendBuf == MPI_IN_PLACE ? RecvBuf : SendBuf, Acc.data(), Count, Type);
  co_await reduceToZero(C, Cm, Acc.data(), Count, Type, Op, ReduceTag);
  if (rankIn(C, Cm) == 0)
    copyTyped(Acc.data(), RecvBuf, Count, Type);
  co_await broadcast(C, Cm, RecvBuf, Count, Type, 0, BcastTag);
  co_return MPI_SUCCESS;
}

} // namespace bamboo::mpi
