// mpi_probes.cpp - MPI_Probe and MPI_Iprobe (matched probes: mpi_matched_probes.cpp).
#include "bamboo/mpi.h"

#include "p2p_support.h"

namespace bamboo::mpi {

using namespace detail;

// Probes.

namespace {
void probeStatus(MPI_Status *Status, const Message &M) {
  if (Status == MPI_STATUS_IGNORE)
    return;
  Status->MPI_SOURCE = M.Env.Source;
  Status->MPI_TAG = M.Env.Tag;
  Status->MPI_ERROR = MPI_SUCCESS;
  MPI_Status_set_elements_x(Status, MPI_BYTE, static_cast<MPI_Count>(M.Bytes));
}

// Probes once; true and the status if a message matches. Under the lock.
bool probeNow(Call &C, int Source, int Tag, MPI_Comm Comm, MPI_Status *Status, int &Context) {
  const Communicator &Cm = C.Parts.Comms.lookup(Comm, C.Site);
  Context = Cm.Context;
  if (Source == MPI_PROC_NULL) {
    setEmptyStatus(Status);
    if (Status != MPI_STATUS_IGNORE)
      Status->MPI_SOURCE = MPI_PROC_NULL;
    return true;
  }
  if (const Message *M = C.Parts.Eng.probe(C.Rank.LocalIndex, Source, Tag, Context)) {
    probeStatus(Status, *M);
    return true;
  }
  return false;
}
} // namespace

int Probe(int Source, int Tag, MPI_Comm Comm, MPI_Status *Status, Where W) {
  Call C = enterBlocking("MPI_Probe", W);
  {
    Lock L(C.Parts.Lock);
    if (int Error =
            checkPeerAndTag(C, C.Parts.Comms.lookup(Comm, C.Site), Direction::Receive, Source, Tag))
      return Error;
  }
  waitForProbe(C, Source, Tag,
               [&](int &Context) { return probeNow(C, Source, Tag, Comm, Status, Context); });
  return MPI_SUCCESS;
}

int Iprobe(int Source, int Tag, MPI_Comm Comm, int *Flag, MPI_Status *Status, Where W) {
  Call C = enterTest("MPI_Iprobe", W);
  return lookTwice(C, [&](bool Final) -> std::optional<int> {
    if (!Final)
      if (int Error = checkPeerAndTag(C, C.Parts.Comms.lookup(Comm, C.Site), Direction::Receive,
                                      Source, Tag)) {
        *Flag = 0;
        return Error;
      }
    int Context;
    *Flag = probeNow(C, Source, Tag, Comm, Status, Context);
    if (!*Flag && !Final)
      return std::nullopt;
    return MPI_SUCCESS;
  });
}

} // namespace bamboo::mpi
