// nonblocking_sum.h - an allreduce (sum) of a few counters, by point-to-point messages.
//
// The detector's waves (quiescence.h) are this sum. MPI_Iallreduce would compute it, but an
// idle process must be able to wait for a wave together with its frames in one MPI_Waitany,
// and SimGrid's SMPI neither waits for a nonblocking collective there nor reduces by anything
// but every process sending to every other (P^2 messages a wave, docs/scale.md). So it is
// built from MPI_Isend and MPI_Irecv by recursive doubling, as MPICH reduces small data:
// about log2(P) rounds, one message each way per round.
#pragma once

#include <mpi.h>

#include <array>
#include <span>
#include <vector>

namespace bamboo::detail {

class NonblockingSum {
public:
  static constexpr int Values = 3;
  using Counts = std::array<long long, Values>;

  // Sums over Comm, whose point-to-point traffic with Tag this object owns.
  void init(MPI_Comm Comm, int Tag);
  // Starts a sum; the previous one must have completed.
  void start(const Counts &Mine);
  // Advances the sum; true once it is complete and result() holds it on every process.
  bool test();
  bool active() const { return Active; }
  const Counts &result() const { return Sum; }
  // The requests the sum waits for now, for a caller that waits for them among its own. One
  // completed there must be set to MPI_REQUEST_NULL; the next test() goes on from it.
  std::span<MPI_Request> pending() { return Requests; }
  // Completes a sum in progress (at shutdown).
  void wait();

private:
  struct Round {
    int SendTo = MPI_PROC_NULL;
    int ReceiveFrom = MPI_PROC_NULL;
    bool Replace = false; // the received values are the result, not a part to add
  };
  void post();

  MPI_Comm Comm = MPI_COMM_NULL;
  int Tag = 0;
  std::vector<Round> Rounds; // this process's part of the algorithm, the same for every sum
  std::size_t Next = 0;      // the round under way
  bool Active = false, Posted = false;
  Counts Sum{}, Outgoing{}, Incoming{};
  std::array<MPI_Request, 2> Requests{MPI_REQUEST_NULL, MPI_REQUEST_NULL};
};

} // namespace bamboo::detail
