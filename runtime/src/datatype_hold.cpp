// datatype_hold.cpp - see datatype_hold.h.
#include "datatype_hold.h"

#include "datatype.h"

#include <utility>

namespace bamboo::detail {

DatatypeHold::DatatypeHold(MPI_Datatype Given) : Type(Given) {
  if (Given == MPI_DATATYPE_NULL || isNamed(Given))
    return;
  MPI_Type_dup(Given, &Type);
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
