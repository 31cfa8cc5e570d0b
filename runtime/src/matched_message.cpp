// matched_message.cpp - MPI_Message values for matched messages.
#include "matched_message.h"

#include "fatal_error.h"

namespace bamboo::detail {

MPI_Message MessageTable::add(MatchedMessage Matched) {
  std::size_t Index;
  if (!FreeSlots.empty()) {
    Index = FreeSlots.back();
    FreeSlots.pop_back();
    Slots[Index] = std::move(Matched);
  } else {
    Index = Slots.size();
    if (Index >= Handles::MaxSlots)
      fatalError("more than 16 million matched messages outstanding in one process");
    Slots.push_back(std::move(Matched));
  }
  return Handles::of(Index);
}

MatchedMessage MessageTable::take(MPI_Message Handle, const WaitSite &Site) {
  std::optional<std::size_t> Index = Handles::slotOf(Handle);
  if (!Index || *Index >= Slots.size() || !Slots[*Index].M)
    fatalError(std::string(Site.Operation) + " at " + describe(Site.Where) +
               ": invalid message (not from MPI_Mprobe or MPI_Improbe of this rank, or "
               "received already)");
  MatchedMessage Out = std::move(Slots[*Index]);
  Slots[*Index] = MatchedMessage{};
  FreeSlots.push_back(*Index);
  return Out;
}

} // namespace bamboo::detail
