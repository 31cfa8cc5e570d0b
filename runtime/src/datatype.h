// datatype.h - moving typed data in and out of packed bytes.
//
// The packed form of a message is what MPI_Pack makes. For a contiguous datatype that is the
// memory image (the runtime checks this at start-up), so contiguous data is copied with memcpy
// and only other datatypes go through MPI_Pack/MPI_Unpack.
#pragma once

#include <mpi.h>

#include <cstddef>

namespace bamboo::detail {

struct Layout {
  std::size_t Bytes = 0;   // packed size of Count elements
  std::size_t Element = 0; // packed size of one element
  bool Contiguous = false;
  std::ptrdiff_t Offset = 0; // where the data starts, from the buffer (true lower bound)
};

Layout layoutOf(int Count, MPI_Datatype Type);

// Where the data of a buffer with the layout's Offset starts. Buf may be MPI_BOTTOM with a
// datatype of absolute addresses, where pointer arithmetic on Buf would be undefined.
std::byte *dataStart(const void *Buf, std::ptrdiff_t Offset);

// Packs all of Count elements into Out (Layout.Bytes bytes).
void pack(const void *Buf, int Count, MPI_Datatype Type, const Layout &L, std::byte *Out);

// Unpacks up to L.Bytes bytes of In (InBytes long) into the buffer; returns the bytes used.
// A partial element at the end of a truncated message is dropped.
std::size_t unpack(const std::byte *In, std::size_t InBytes, void *Buf, int Count,
                   MPI_Datatype Type, const Layout &L);

// InOut = In op InOut for Count elements, as MPI_Reduce_local, but also for a predefined
// operation on a derived datatype made of one basic type (MPI allows it in collectives;
// MPICH's MPI_Reduce_local does not): the elements are reduced in their packed form.
void reduceLocal(const void *In, void *InOut, int Count, MPI_Datatype Type, MPI_Op Op);

// Whether Type is predefined (MPI_DOUBLE), not derived.
bool isNamed(MPI_Datatype Type);

// Start-up check that packed bytes of contiguous types are their memory image.
bool packedFormIsNative();

} // namespace bamboo::detail
