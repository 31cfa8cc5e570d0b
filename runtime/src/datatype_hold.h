// datatype_hold.h - a datatype kept alive for as long as an operation uses it.
//
// MPI lets a program free a datatype while operations that use it are pending: they complete
// normally (MPI 4.1, 5.1.9). The runtime unpacks a receive, and packs a rendezvous send, after
// the user's call has returned, so a request holds a copy of a derived datatype and frees
// it with the request. Predefined datatypes cannot be freed and are not duplicated.
#pragma once

#include <mpi.h>

namespace bamboo::detail {

class DatatypeHold {
public:
  DatatypeHold() = default;
  explicit DatatypeHold(MPI_Datatype Type);
  DatatypeHold(DatatypeHold &&Other) noexcept;
  DatatypeHold &operator=(DatatypeHold &&Other) noexcept;
  DatatypeHold(const DatatypeHold &) = delete;
  DatatypeHold &operator=(const DatatypeHold &) = delete;
  ~DatatypeHold();

  // The datatype to use: the copy, or the predefined type itself.
  MPI_Datatype get() const { return Type; }

private:
  MPI_Datatype Type = MPI_DATATYPE_NULL;
  bool Owned = false; // a copy, freed with the hold
};

} // namespace bamboo::detail
