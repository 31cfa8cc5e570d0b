// What a program's files share: inline and template helpers that make MPI
// calls, a class with members in and out of the class, and its globals.
#pragma once
#include <mpi.h>
#include <vector>

extern int steps;
extern double weights[4];
static int events = 0;

inline double dot(const std::vector<double> &a, const std::vector<double> &b) {
  double local = 0, global = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    local += a[i] * b[i];
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return global;
}

inline int ticket() {
  static int next = 100;
  return next++;
}

template <class T> T global_max(T v, MPI_Datatype type) {
  T out{};
  MPI_Allreduce(&v, &out, 1, type, MPI_MAX, MPI_COMM_WORLD);
  return out;
}

template <class Solver> double run(Solver &s) { return s.step() + s.residual(); }

struct Tally {
  static int created;
  int local = 0;
  int total() const {
    int sum = 0;
    MPI_Allreduce(&local, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    return sum;
  }
  void report() const;
};
