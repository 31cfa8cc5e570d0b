// nonblocking_sum.cpp - recursive doubling, with the usual fold for a size that is not a power
// of two: of the first 2*Rest processes, each even one hands its values to the odd one after
// it and receives the result from it at the end.
#include "nonblocking_sum.h"

namespace bamboo::detail {

void NonblockingSum::init(MPI_Comm C, int T) {
  Comm = C;
  Tag = T;
  int Rank = 0, Size = 1;
  MPI_Comm_rank(Comm, &Rank);
  MPI_Comm_size(Comm, &Size);
  int PowerOfTwo = 1;
  while (PowerOfTwo * 2 <= Size)
    PowerOfTwo *= 2;
  int Rest = Size - PowerOfTwo;
  Rounds.clear();
  int Doubling; // this process's rank among the PowerOfTwo that double, or -1
  if (Rank < 2 * Rest && Rank % 2 == 0) {
    Rounds.push_back({Rank + 1, MPI_PROC_NULL, false});
    Rounds.push_back({MPI_PROC_NULL, Rank + 1, true});
    return;
  }
  if (Rank < 2 * Rest) {
    Rounds.push_back({MPI_PROC_NULL, Rank - 1, false});
    Doubling = Rank / 2;
  } else {
    Doubling = Rank - Rest;
  }
  for (int Mask = 1; Mask < PowerOfTwo; Mask *= 2) {
    int Partner = Doubling ^ Mask;
    int Real = Partner < Rest ? 2 * Partner + 1 : Partner + Rest;
    Rounds.push_back({Real, Real, false});
  }
  if (Rank < 2 * Rest)
    Rounds.push_back({Rank - 1, MPI_PROC_NULL, false});
}

void NonblockingSum::start(const Counts &Mine) {
  Sum = Mine;
  Next = 0;
  Active = true;
  Posted = false;
}

void NonblockingSum::post() {
  const Round &R = Rounds[Next];
  // Rounds follow one another on each pair of processes, and sums on every process, so one
  // tag serves them all: MPI keeps the messages of a pair in order.
  Outgoing = Sum;
  Requests = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
  if (R.ReceiveFrom != MPI_PROC_NULL)
    MPI_Irecv(Incoming.data(), Values, MPI_LONG_LONG, R.ReceiveFrom, Tag, Comm, &Requests[0]);
  if (R.SendTo != MPI_PROC_NULL)
    MPI_Isend(Outgoing.data(), Values, MPI_LONG_LONG, R.SendTo, Tag, Comm, &Requests[1]);
  Posted = true;
}

bool NonblockingSum::test() {
  while (Active) {
    if (Next == Rounds.size()) {
      Active = false;
      break;
    }
    if (!Posted)
      post();
    int Done = 0;
    MPI_Testall(2, Requests.data(), &Done, MPI_STATUSES_IGNORE);
    if (!Done)
      return false;
    const Round &R = Rounds[Next];
    if (R.ReceiveFrom != MPI_PROC_NULL)
      for (int I = 0; I < Values; ++I)
        Sum[I] = R.Replace ? Incoming[I] : Sum[I] + Incoming[I];
    ++Next;
    Posted = false;
  }
  return true;
}

void NonblockingSum::wait() {
  while (!test())
    MPI_Waitall(2, Requests.data(), MPI_STATUSES_IGNORE);
}

} // namespace bamboo::detail
