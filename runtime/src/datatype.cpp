// datatype.cpp - layouts, packing and unpacking of typed buffers.
#include "datatype.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <utility>
#include <vector>

namespace bamboo::detail {

namespace {
// Predefined datatypes never change, so their layouts are computed once; every message asks.
struct PredefinedLayouts {
  std::vector<std::pair<MPI_Datatype, Layout>> Known;
  PredefinedLayouts() {
    for (MPI_Datatype T : {MPI_CHAR,
                           MPI_SIGNED_CHAR,
                           MPI_UNSIGNED_CHAR,
                           MPI_BYTE,
                           MPI_WCHAR,
                           MPI_SHORT,
                           MPI_UNSIGNED_SHORT,
                           MPI_INT,
                           MPI_UNSIGNED,
                           MPI_LONG,
                           MPI_UNSIGNED_LONG,
                           MPI_LONG_LONG,
                           MPI_UNSIGNED_LONG_LONG,
                           MPI_FLOAT,
                           MPI_DOUBLE,
                           MPI_LONG_DOUBLE,
                           MPI_INT8_T,
                           MPI_INT16_T,
                           MPI_INT32_T,
                           MPI_INT64_T,
                           MPI_UINT8_T,
                           MPI_UINT16_T,
                           MPI_UINT32_T,
                           MPI_UINT64_T,
                           MPI_C_BOOL,
                           MPI_CXX_BOOL,
                           MPI_C_FLOAT_COMPLEX,
                           MPI_C_DOUBLE_COMPLEX,
                           MPI_PACKED,
                           MPI_AINT,
                           MPI_OFFSET,
                           MPI_COUNT})
      if (T != MPI_DATATYPE_NULL)
        Known.emplace_back(T, compute(1, T));
  }
  static Layout compute(int Count, MPI_Datatype Type);
  const Layout *find(MPI_Datatype Type) const {
    for (const auto &[T, L] : Known)
      if (T == Type)
        return &L;
    return nullptr;
  }
};
const PredefinedLayouts &predefinedLayouts() {
  static const PredefinedLayouts Predefined;
  return Predefined;
}
} // namespace

Layout layoutOf(int Count, MPI_Datatype Type) {
  if (const Layout *One = predefinedLayouts().find(Type)) {
    Layout L = *One;
    L.Bytes = L.Element * static_cast<std::size_t>(std::max(Count, 0));
    return L;
  }
  return PredefinedLayouts::compute(Count, Type);
}

Layout PredefinedLayouts::compute(int Count, MPI_Datatype Type) {
  Layout L;
  int Size = 0;
  MPI_Type_size(Type, &Size);
  MPI_Aint Lb = 0, Extent = 0, TrueLb = 0, TrueExtent = 0;
  MPI_Type_get_extent(Type, &Lb, &Extent);
  MPI_Type_get_true_extent(Type, &TrueLb, &TrueExtent);
  L.Element = static_cast<std::size_t>(Size);
  L.Bytes = L.Element * static_cast<std::size_t>(std::max(Count, 0));
  // Elements are back to back and each one has no holes.
  L.Contiguous = Size == Extent && TrueExtent == Size && TrueLb == Lb;
  L.Offset = TrueLb;
  return L;
}

std::byte *dataStart(const void *Buf, std::ptrdiff_t Offset) {
  // From MPI_BOTTOM the offset is an absolute address; MPI_BOTTOM is not always 0 (SimGrid's
  // SMPI defines it as (void *)-111).
  std::uintptr_t Base = Buf == MPI_BOTTOM ? 0 : reinterpret_cast<std::uintptr_t>(Buf);
  return reinterpret_cast<std::byte *>(Base + Offset);
}

namespace {

// Count elements of Type at Buf, as MPI_Pack and MPI_Unpack accept them. MPICH refuses a null
// buffer even when it is MPI_BOTTOM and the datatype holds absolute addresses (issue 10); the
// same data is then described as one element of a type shifted by the address of an anchor,
// from the anchor.
class PackableBuffer {
public:
  PackableBuffer(const void *Buf, int Count, MPI_Datatype Type)
      : Buf(const_cast<void *>(Buf)), Count(Count), Type(Type) {
    if (Buf != MPI_BOTTOM)
      return;
    MPI_Aint Displacement = -reinterpret_cast<MPI_Aint>(&Anchor);
    MPI_Type_create_hindexed(1, &this->Count, &Displacement, Type, &Shifted);
    MPI_Type_commit(&Shifted);
    this->Buf = &Anchor;
    this->Count = 1;
    this->Type = Shifted;
  }
  ~PackableBuffer() {
    if (Shifted != MPI_DATATYPE_NULL)
      MPI_Type_free(&Shifted);
  }
  PackableBuffer(const PackableBuffer &) = delete;
  PackableBuffer &operator=(const PackableBuffer &) = delete;

  void *Buf;
  int Count;
  MPI_Datatype Type;

private:
  static inline char Anchor = 0;
  MPI_Datatype Shifted = MPI_DATATYPE_NULL;
};

} // namespace

void pack(const void *Buf, int Count, MPI_Datatype Type, const Layout &L, std::byte *Out) {
  if (L.Bytes == 0)
    return;
  if (L.Contiguous) {
    std::memcpy(Out, dataStart(Buf, L.Offset), L.Bytes);
    return;
  }
  int Position = 0;
  PackableBuffer From(Buf, Count, Type);
  MPI_Pack(From.Buf, From.Count, From.Type, Out, static_cast<int>(L.Bytes), &Position,
           MPI_COMM_WORLD);
}

std::size_t unpack(const std::byte *In, std::size_t InBytes, void *Buf, int Count,
                   MPI_Datatype Type, const Layout &L) {
  std::size_t Bytes = std::min(InBytes, L.Bytes);
  if (Bytes == 0)
    return 0;
  if (L.Contiguous) {
    std::memcpy(dataStart(Buf, L.Offset), In, Bytes);
    return Bytes;
  }
  int Elements = static_cast<int>(Bytes / L.Element);
  Bytes = static_cast<std::size_t>(Elements) * L.Element;
  int Position = 0;
  PackableBuffer Into(Buf, Elements, Type);
  // MPI_Unpack takes a non-const input buffer in old signatures; it does not write to it.
  MPI_Unpack(const_cast<std::byte *>(In), static_cast<int>(Bytes), &Position, Into.Buf, Into.Count,
             Into.Type, MPI_COMM_WORLD);
  (void)Count;
  return Bytes;
}

namespace {

bool isPredefined(MPI_Op Op) {
  for (MPI_Op P : {MPI_MAX, MPI_MIN, MPI_SUM, MPI_PROD, MPI_LAND, MPI_BAND, MPI_LOR, MPI_BOR,
                   MPI_LXOR, MPI_BXOR, MPI_MINLOC, MPI_MAXLOC, MPI_REPLACE, MPI_NO_OP})
    if (Op == P)
      return true;
  return false;
}

// The one predefined type a derived type is made of, or MPI_DATATYPE_NULL if it mixes types.
MPI_Datatype elementType(MPI_Datatype Type) {
  int Integers, Addresses, Types, Combiner;
  MPI_Type_get_envelope(Type, &Integers, &Addresses, &Types, &Combiner);
  if (Combiner == MPI_COMBINER_NAMED)
    return Type;
  std::vector<int> Ints(Integers);
  std::vector<MPI_Aint> Addrs(Addresses);
  std::vector<MPI_Datatype> Children(Types);
  MPI_Type_get_contents(Type, Integers, Addresses, Types, Ints.data(), Addrs.data(),
                        Children.data());
  MPI_Datatype Found = MPI_DATATYPE_NULL;
  bool Mixed = false;
  for (MPI_Datatype Child : Children) {
    MPI_Datatype Element = elementType(Child);
    if (Element == MPI_DATATYPE_NULL || (Found != MPI_DATATYPE_NULL && Element != Found))
      Mixed = true;
    Found = Element;
    if (!isNamed(Child))
      MPI_Type_free(&Child);
  }
  return Mixed ? MPI_DATATYPE_NULL : Found;
}

} // namespace

void reduceLocal(const void *In, void *InOut, int Count, MPI_Datatype Type, MPI_Op Op) {
  if (Count == 0)
    return;
  if (!isPredefined(Op) || isNamed(Type)) {
    MPI_Reduce_local(In, InOut, Count, Type, Op);
    return;
  }
  MPI_Datatype Element = elementType(Type);
  if (Element == MPI_DATATYPE_NULL) // MPI does not define it either; let MPI report it
    Element = Type;
  Layout L = layoutOf(Count, Type);
  int ElementSize = 0;
  MPI_Type_size(Element, &ElementSize);
  std::vector<std::byte> A(L.Bytes), B(L.Bytes);
  pack(In, Count, Type, L, A.data());
  pack(InOut, Count, Type, L, B.data());
  MPI_Reduce_local(A.data(), B.data(), static_cast<int>(L.Bytes / ElementSize), Element, Op);
  unpack(B.data(), B.size(), InOut, Count, Type, L);
}

bool packedFormIsNative() {
  const double Values[3] = {1.5, -2.25, 1e300};
  std::vector<std::byte> Packed(64);
  int Position = 0;
  MPI_Pack(Values, 3, MPI_DOUBLE, Packed.data(), static_cast<int>(Packed.size()), &Position,
           MPI_COMM_WORLD);
  return Position == static_cast<int>(sizeof Values) &&
         std::memcmp(Packed.data(), Values, sizeof Values) == 0;
}

bool isNamed(MPI_Datatype Type) {
  // Every send and receive asks (DatatypeHold). The predefined types whose layouts are kept
  // are answered without an MPI call, which under MPI_THREAD_MULTIPLE takes MPI's global lock:
  // about 200 instructions of each send and receive to another process (callgrind, MPICH).
  if (predefinedLayouts().find(Type))
    return true;
  int Integers, Addresses, Types, Combiner;
  MPI_Type_get_envelope(Type, &Integers, &Addresses, &Types, &Combiner);
  return Combiner == MPI_COMBINER_NAMED;
}

} // namespace bamboo::detail
