// group.cpp - MPI_Group handles for lists of virtual ranks.
#include "group.h"

#include "fatal_error.h"

namespace bamboo::detail {

void GroupTable::shutdown() {
  for (auto &[Handle, Members] : Groups) {
    MPI_Group H = Handle;
    MPI_Group_free(&H);
  }
  Groups.clear();
  if (Origin != MPI_GROUP_NULL)
    MPI_Group_free(&Origin);
}

MPI_Group GroupTable::add(std::vector<int> Members) {
  if (Members.empty())
    return MPI_GROUP_EMPTY;
  if (Origin == MPI_GROUP_NULL)
    MPI_Comm_group(MPI_COMM_SELF, &Origin);
  // MPI_Group_incl makes a new group each time; MPI_Comm_group may return one handle twice.
  int Self = 0;
  MPI_Group Handle;
  MPI_Group_incl(Origin, 1, &Self, &Handle);
  Groups.emplace(Handle, std::move(Members));
  return Handle;
}

const std::vector<int> &GroupTable::lookup(MPI_Group Handle, const WaitSite &Site) const {
  static const std::vector<int> Empty;
  if (Handle == MPI_GROUP_EMPTY)
    return Empty;
  auto It = Groups.find(Handle);
  if (It != Groups.end())
    return It->second;
  fatalError(std::string(Site.Operation) + " at " + describe(Site.Where) +
             (Handle == MPI_GROUP_NULL ? ": MPI_GROUP_NULL given as group"
                                       : ": invalid group (not made by this process, or freed)"));
}

void GroupTable::remove(MPI_Group Handle) {
  auto It = Groups.find(Handle);
  if (It == Groups.end())
    return;
  Groups.erase(It);
  MPI_Group_free(&Handle);
}

} // namespace bamboo::detail
