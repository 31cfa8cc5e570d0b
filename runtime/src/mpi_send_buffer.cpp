// mpi_send_buffer.cpp - MPI_Buffer_attach and MPI_Buffer_detach, per virtual rank.
//
// Each rank attaches its own buffer (MPI's would be one per process, and refuses a second).
// The runtime copies a buffered send's data into its own storage at the call, so the attached
// memory itself is never written: it only sets how large a buffered message may be, as MPI's
// accounting does when the message leaves at once (MPICH frees an eager message's space when
// it is sent). A buffered send larger than the buffer, less MPI_BSEND_OVERHEAD, fails with
// MPI_ERR_BUFFER; so does one without a buffer.
#include "bamboo/mpi.h"

#include "api_support.h"

namespace bamboo::detail {

int checkBufferSpace(const Call &C, const Communicator &Comm, int Count, MPI_Datatype Type) {
  MPI_Count Needed = static_cast<MPI_Count>(layoutOf(Count, Type).Bytes) + MPI_BSEND_OVERHEAD;
  if (Needed <= C.Rank.AttachedSize)
    return MPI_SUCCESS;
  if (errorsReturn(C, Comm))
    return MPI_ERR_BUFFER;
  callError(C,
            "MPI_ERR_BUFFER: the buffered message needs " + std::to_string(Needed) +
                " bytes of the attached buffer (with MPI_BSEND_OVERHEAD), and " +
                (C.Rank.BufferAttached ? std::to_string(C.Rank.AttachedSize) + " are attached"
                                       : std::string("no buffer is attached (MPI_Buffer_attach)")));
}

} // namespace bamboo::detail

namespace bamboo::mpi {

using namespace detail;

namespace {

int attach(Call C, void *Buffer, MPI_Count Size) {
  std::lock_guard L(C.Parts.Lock);
  const Communicator &World = C.Parts.Comms.lookup(MPI_COMM_WORLD, C.Site);
  if (Size < 0)
    callError(C, "negative buffer size " + std::to_string(Size));
  if (C.Rank.BufferAttached) {
    if (errorsReturn(C, World))
      return MPI_ERR_BUFFER;
    callError(C, "this rank has a buffer attached already (MPI_Buffer_detach it first)");
  }
  C.Rank.AttachedBuffer = Buffer;
  C.Rank.AttachedSize = Size;
  C.Rank.BufferAttached = true;
  return MPI_SUCCESS;
}

// Gives back the rank's buffer; nothing attached gives a null buffer of size 0.
template <class SizeType> int detach(Call C, void *BufferAddress, SizeType *Size) {
  std::lock_guard L(C.Parts.Lock);
  *static_cast<void **>(BufferAddress) = C.Rank.AttachedBuffer;
  *Size = static_cast<SizeType>(C.Rank.AttachedSize);
  C.Rank.AttachedBuffer = nullptr;
  C.Rank.AttachedSize = 0;
  C.Rank.BufferAttached = false;
  return MPI_SUCCESS;
}

} // namespace

int Buffer_attach(void *Buffer, int Size, Where W) {
  return attach(enter("MPI_Buffer_attach", W), Buffer, Size);
}
int Buffer_attach_c(void *Buffer, MPI_Count Size, Where W) {
  return attach(enter("MPI_Buffer_attach_c", W), Buffer, Size);
}
int Buffer_detach(void *BufferAddress, int *Size, Where W) {
  return detach(enter("MPI_Buffer_detach", W), BufferAddress, Size);
}
int Buffer_detach_c(void *BufferAddress, MPI_Count *Size, Where W) {
  return detach(enter("MPI_Buffer_detach_c", W), BufferAddress, Size);
}

} // namespace bamboo::mpi
