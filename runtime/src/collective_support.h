// collective_support.h - the building blocks of collectives and communicator creation.
//
// Internal messages use the communicator's collective context, so they never match user
// receives, and are always buffered, so a collective never waits on a send.
#pragma once

#include "api_support.h"

#include <vector>

namespace bamboo::detail {

// One tag per algorithm step kind; blocking calls of one communicator happen in the same order
// on every rank, one at a time per rank, and messages of a pair do not overtake, so this is
// enough to keep them apart. A nonblocking collective may be in progress beside others: its
// messages carry the tags of its n-th start on the communicator (nonblockingTagBase), which is
// the same operation on every rank, as MPI orders collectives by their call order.
enum CollectiveTag {
  BarrierTag = 1,
  BcastTag,
  ReduceTag,
  ReduceResultTag,
  GatherTag,
  ScatterTag,
  AlltoallTag,
  ScanTag,
  SplitTag,
  CreateGroupTag, // MPI_Comm_create_group, among the group's ranks only
  TagsPerCollective = 16,
};

// Call::TagBase for the next nonblocking collective the rank starts on Cm: above every tag of
// the blocking ones, then TagsPerCollective tags per operation (wrapping after a million
// operations in progress at once). Under the lock.
int nonblockingTagBase(RankTask &Rank, const Communicator &Cm);

// Storage for Count elements of Type with MPI's layout (extent, true lower bound).
class TypedBuffer {
public:
  TypedBuffer(int Count, MPI_Datatype Type);
  void *data() { return Storage.data() - TrueLb; }

private:
  MPI_Aint TrueLb = 0;
  std::vector<std::byte> Storage;
};

// The extent of Type, for offsets of blocks in buffers.
MPI_Aint extentOf(MPI_Datatype Type);
// Element I of a buffer of Type (MPI's address arithmetic).
inline void *offset(void *Buf, MPI_Aint Elements, MPI_Datatype Type) {
  return static_cast<char *>(Buf) + Elements * extentOf(Type);
}
inline const void *offset(const void *Buf, MPI_Aint Elements, MPI_Datatype Type) {
  return static_cast<const char *>(Buf) + Elements * extentOf(Type);
}

// Copies typed data to typed data (the types' signatures match, as MPI requires).
void copyTyped(const void *From, int FromCount, MPI_Datatype FromType, void *To, int ToCount,
               MPI_Datatype ToType);
inline void copyTyped(const void *From, void *To, int Count, MPI_Datatype Type) {
  copyTyped(From, Count, Type, To, Count, Type);
}

int rankIn(const Call &C, const Communicator &Cm);
const Communicator &communicator(Call &C, MPI_Comm Comm);
void checkRoot(Call &C, const Communicator &Cm, int Root);

// Buffered: never waits.
void internalSend(Call &C, const Communicator &Cm, const void *Buf, int Count, MPI_Datatype Type,
                  int Dest, int Tag);

struct InternalRecv {
  void *Buf;
  int Count;
  MPI_Datatype Type;
  int Source;
};
// Posts every receive, then waits for all of them.
void internalRecvAll(Call &C, const Communicator &Cm, std::vector<InternalRecv> Recvs, int Tag);
inline void internalRecv(Call &C, const Communicator &Cm, void *Buf, int Count, MPI_Datatype Type,
                         int Source, int Tag) {
  return internalRecvAll(C, Cm, {InternalRecv{Buf, Count, Type, Source}}, Tag);
}

// Binomial broadcast of Buf from Root.
void broadcast(Call &C, const Communicator &Cm, void *Buf, int Count, MPI_Datatype Type, int Root,
               int Tag);
// Binomial reduction to rank 0: there Acc ends as Acc(0) op Acc(1) op ... op Acc(size-1).
void reduceToZero(Call &C, const Communicator &Cm, void *Acc, int Count, MPI_Datatype Type,
                  MPI_Op Op, int Tag);

} // namespace bamboo::detail
