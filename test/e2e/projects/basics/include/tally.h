// tally.h - a named counter that every rank fills and that is summed over a communicator.
#ifndef BASICS_TALLY_H
#define BASICS_TALLY_H

#include <mpi.h>

class Tally {
public:
  static int created; // defined in tally.cpp

  explicit Tally(const char *name) : name_(name) { ++created; }

  void add(int v) {
    local_ += v;
    ++adds_;
  }
  int local() const { return local_; }
  int adds() const { return adds_; }

  // Sum of the local counts over comm (defined in the class body).
  int total(MPI_Comm comm) const {
    int sum = 0;
    MPI_Allreduce(&local_, &sum, 1, MPI_INT, MPI_SUM, comm);
    return sum;
  }

  // Gathers the counts on rank 0 of comm, which prints them (tally.cpp).
  void report(MPI_Comm comm, int world_rank) const;
  // Largest local count over comm (tally.cpp).
  int largest(MPI_Comm comm) const;

private:
  const char *name_;
  int local_ = 0;
  int adds_ = 0;
};

#endif
