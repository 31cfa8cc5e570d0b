// comm.h - the communication layer of the cg program (comm.cpp); the solver never calls MPI.
#ifndef CG_COMM_H
#define CG_COMM_H

#include <mpi.h>

class DistVector;

// Floating point operations done by this rank; defined in comm.cpp, counted everywhere.
extern long g_local_flops;

// Fills the two ghost entries of x from the neighbouring ranks.
void halo_exchange(DistVector &x);

// Sum of v over the ranks of comm; instantiated in dvec.cpp and main.cpp.
template <class T>
T sum_over_ranks(T v, MPI_Datatype type, MPI_Comm comm) {
  T total{};
  MPI_Allreduce(&v, &total, 1, type, MPI_SUM, comm);
  return total;
}

#endif
