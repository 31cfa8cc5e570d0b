// request.cpp - MPI_Request values for the runtime's requests.
#include "request.h"

#include "runtime_core.h"

namespace bamboo::detail {

void release(Request *R) {
  if (--R->Holders == 0 && R->Complete)
    delete R;
}

MPI_Request RequestTable::add(Request *R) {
  int Slot;
  if (!FreeSlots.empty()) {
    Slot = FreeSlots.back();
    FreeSlots.pop_back();
    Slots[Slot] = R;
  } else {
    Slot = static_cast<int>(Slots.size());
    if (Slot >= 0x00ffffff)
      fatalError("more than 16 million requests outstanding in one process");
    Slots.push_back(R);
  }
  ++Live;
  return Base + Slot;
}

Request *RequestTable::lookup(MPI_Request Handle, const WaitSite &Site) const {
  if (Handle == MPI_REQUEST_NULL)
    return nullptr;
  int Slot = Handle - Base;
  if (Slot < 0 || Slot >= static_cast<int>(Slots.size()) || !Slots[Slot])
    fatalError(std::string(Site.Operation) + " at " + describe(Site.Where) +
               ": invalid request (not started by this rank, or already completed)");
  return Slots[Slot];
}

void RequestTable::remove(MPI_Request Handle) {
  int Slot = Handle - Base;
  Slots[Slot] = nullptr;
  FreeSlots.push_back(Slot);
  --Live;
}

} // namespace bamboo::detail
