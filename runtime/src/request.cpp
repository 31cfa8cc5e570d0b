// request.cpp - MPI_Request values for the runtime's requests.
#include "request.h"

#include "fatal_error.h"

#include <utility>

namespace bamboo::detail {

void release(Request *R) {
  if (--R->Holders == 0 && R->Complete)
    delete R;
}

MPI_Request RequestTable::take(Slot Content) {
  Content.Used = true;
  std::size_t Index;
  if (!FreeSlots.empty()) {
    Index = FreeSlots.back();
    FreeSlots.pop_back();
    Slots[Index] = std::move(Content);
  } else {
    Index = Slots.size();
    if (Index >= Handles::MaxSlots)
      fatalError("more than 16 million requests outstanding in one process");
    Slots.push_back(std::move(Content));
  }
  return Handles::of(Index);
}

MPI_Request RequestTable::add(Request *R) { return take(Slot{true, R, nullptr}); }

MPI_Request RequestTable::addPersistent(const PersistentRequest &P) {
  auto Held = std::make_unique<PersistentRequest>(P);
  Held->TypeHold = std::make_shared<DatatypeHold>(P.Type);
  Held->Type = Held->TypeHold->get();
  return take(Slot{true, nullptr, std::move(Held)});
}

const RequestTable::Slot &RequestTable::slotOf(MPI_Request Handle, const WaitSite &Site) const {
  std::optional<std::size_t> Index = Handles::slotOf(Handle);
  if (!Index || *Index >= Slots.size() || !Slots[*Index].Used)
    fatalError(std::string(Site.Operation) + " at " + describe(Site.Where) +
               ": invalid request (not started by this rank, or already completed)");
  return Slots[*Index];
}

RequestTable::Slot &RequestTable::slotOf(MPI_Request Handle, const WaitSite &Site) {
  return const_cast<Slot &>(std::as_const(*this).slotOf(Handle, Site));
}

Request *RequestTable::lookup(MPI_Request Handle, const WaitSite &Site) const {
  if (Handle == MPI_REQUEST_NULL)
    return nullptr;
  return slotOf(Handle, Site).Active;
}

const PersistentRequest &RequestTable::persistent(MPI_Request Handle, const WaitSite &Site) const {
  const Slot &S = slotOf(Handle, Site);
  if (!S.Persistent)
    fatalError(std::string(Site.Operation) + " at " + describe(Site.Where) +
               ": not a persistent request (made by MPI_Send_init, MPI_Recv_init, ...)");
  return *S.Persistent;
}

void RequestTable::start(MPI_Request Handle, Request *R) {
  Slots[*Handles::slotOf(Handle)].Active = R;
}

void RequestTable::retire(MPI_Request *Handle) {
  Slot &S = Slots[*Handles::slotOf(*Handle)];
  S.Active = nullptr;
  if (S.Persistent)
    return;
  remove(*Handle);
  *Handle = MPI_REQUEST_NULL;
}

void RequestTable::remove(MPI_Request Handle) {
  std::size_t Index = *Handles::slotOf(Handle);
  Slots[Index] = Slot{};
  FreeSlots.push_back(Index);
}

} // namespace bamboo::detail
