// mpi_communicators.cpp - communicator queries, error handlers, and the calls that make and
// free communicators (communicator_creation.h agrees on their context ids).
#include "bamboo/mpi.h"

#include "communicator_creation.h"

#include <algorithm>

namespace bamboo::mpi {

using namespace detail;

namespace {

using Lock = std::lock_guard<std::mutex>;

} // namespace

int Comm_rank(MPI_Comm Comm, int *Rank) {
  Call C = enter("MPI_Comm_rank", std::source_location::current());
  Lock L(C.RT.Lock);
  *Rank = C.RT.Comms.lookup(Comm, C.Site).rankOf(C.Rank.WorldRank);
  return MPI_SUCCESS;
}

int Comm_size(MPI_Comm Comm, int *Size) {
  Call C = enter("MPI_Comm_size", std::source_location::current());
  Lock L(C.RT.Lock);
  *Size = C.RT.Comms.lookup(Comm, C.Site).Size;
  return MPI_SUCCESS;
}

Task<int> Comm_split(MPI_Comm Comm, int Color, int Key, MPI_Comm *NewComm, Where W) {
  return splitCommunicator(enter("MPI_Comm_split", W), Comm, Color, Key, NewComm);
}

Task<int> Comm_dup(MPI_Comm Comm, MPI_Comm *NewComm, Where W) {
  Call C = enter("MPI_Comm_dup", W);
  const Communicator &Parent = communicator(C, Comm);
  // A duplicate keeps the topology (MPI 3.1, section 7.4).
  return splitCommunicator(C, Comm, 0, rankIn(C, Parent), NewComm, Parent.Cart);
}

int Comm_free(MPI_Comm *Comm, Where W) {
  Call C = enter("MPI_Comm_free", W);
  Lock L(C.RT.Lock);
  Communicator &Cm = C.RT.Comms.lookup(*Comm, C.Site);
  if (Cm.IsWorld || Cm.IsSelf)
    callError(C, "cannot free " + Cm.Name);
  // MPI may give the handle to a later communicator: this rank's error handler must not
  // carry over.
  auto &Returning = C.Rank.ErrorsReturn;
  Returning.erase(std::remove(Returning.begin(), Returning.end(), *Comm), Returning.end());
  C.RT.Comms.release(Cm); // pending operations keep their communicator alive
  *Comm = MPI_COMM_NULL;
  return MPI_SUCCESS;
}

int Comm_set_errhandler(MPI_Comm Comm, MPI_Errhandler Handler) {
  Call C = enter("MPI_Comm_set_errhandler", std::source_location::current());
  {
    Lock L(C.RT.Lock);
    C.RT.Comms.lookup(Comm, C.Site);
  }
  auto &List = C.Rank.ErrorsReturn;
  List.erase(std::remove(List.begin(), List.end(), Comm), List.end());
  if (Handler == MPI_ERRORS_RETURN)
    List.push_back(Comm);
  else if (Handler != MPI_ERRORS_ARE_FATAL)
    callError(C, "only MPI_ERRORS_ARE_FATAL and MPI_ERRORS_RETURN are supported");
  return MPI_SUCCESS;
}

int Comm_get_errhandler(MPI_Comm Comm, MPI_Errhandler *Handler) {
  Call C = enter("MPI_Comm_get_errhandler", std::source_location::current());
  const auto &List = C.Rank.ErrorsReturn;
  *Handler = std::find(List.begin(), List.end(), Comm) != List.end() ? MPI_ERRORS_RETURN
                                                                      : MPI_ERRORS_ARE_FATAL;
  return MPI_SUCCESS;
}

} // namespace bamboo::mpi
