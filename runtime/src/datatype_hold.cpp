// datatype_hold.cpp - see datatype_hold.h.
#include "datatype_hold.h"

#include "datatype.h"

#include <utility>

namespace bamboo::detail {

DatatypeHold::DatatypeHold(MPI_Datatype Given) : Type(Given) {
  if (Given == MPI_DATATYPE_NULL || isNamed(Given))
    return;
  // A copy with the same type map and the same bounds. Not MPI_Type_dup, which SimGrid's SMPI
  // (3.32) gets wrong for vectors: its duplicate's stride is multiplied by the element's extent.
  MPI_Aint Lb = 0, Extent = 0;
  MPI_Type_get_extent(Given, &Lb, &Extent);
  MPI_Type_create_resized(Given, Lb, Extent, &Type);
  MPI_Type_commit(&Type);
  Owned = true;
}

DatatypeHold::DatatypeHold(DatatypeHold &&Other) noexcept
    : Type(std::exchange(Other.Type, MPI_DATATYPE_NULL)), Owned(std::exchange(Other.Owned, false)) {
}

DatatypeHold &DatatypeHold::operator=(DatatypeHold &&Other) noexcept {
  if (this != &Other) {
    DatatypeHold Old(std::move(*this));
    Type = std::exchange(Other.Type, MPI_DATATYPE_NULL);
    Owned = std::exchange(Other.Owned, false);
  }
  return *this;
}

DatatypeHold::~DatatypeHold() {
  if (Owned)
    MPI_Type_free(&Type);
}

} // namespace bamboo::detail
