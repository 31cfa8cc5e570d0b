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
    if (static_cast<std::size_t>(Slot) >= Handles::MaxSlots)
      fatalError("more than 16 million requests outstanding in one process");
    Slots.push_back(R);
  }
  ++Live;
  return Handles::of(Slot);
}

Request *RequestTable::lookup(MPI_Request Handle, const WaitSite &Site) const {
  if (Handle == MPI_REQUEST_NULL)
    return nullptr;
  std::optional<std::size_t> Slot = Handles::slotOf(Handle);
  if (!Slot || *Slot >= Slots.size() || !Slots[*Slot])
    fatalError(std::string(Site.Operation) + " at " + describe(Site.Where) +
               ": invalid request (not started by this rank, or already completed)");
  return Slots[*Slot];
}

void RequestTable::remove(MPI_Request Handle) {
  std::size_t Slot = *Handles::slotOf(Handle);
  Slots[Slot] = nullptr;
  FreeSlots.push_back(static_cast<int>(Slot));
  --Live;
}

} // namespace bamboo::detail
