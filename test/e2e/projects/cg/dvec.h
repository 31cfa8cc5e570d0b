// dvec.h - a vector of doubles distributed in contiguous blocks, with one ghost entry per side.
#ifndef CG_DVEC_H
#define CG_DVEC_H

#include <mpi.h>

#include <cmath>
#include <vector>

class DistVector {
public:
  static int allocated; // vectors set up by this rank so far (dvec.cpp)

  void setup(int global_n, MPI_Comm comm); // dvec.cpp

  int size() const { return n_local_; }
  int offset() const { return offset_; }
  int global_size() const { return n_global_; }
  int left() const { return left_; }
  int right() const { return right_; }
  MPI_Comm comm() const { return comm_; }

  double &operator[](int i) { return v_[i + 1]; }
  double operator[](int i) const { return v_[i + 1]; }
  double &ghost_left() { return v_[0]; }
  double &ghost_right() { return v_[n_local_ + 1]; }
  double ghost_left() const { return v_[0]; }
  double ghost_right() const { return v_[n_local_ + 1]; }

  // Largest absolute entry over all ranks.
  double norm_inf() const {
    double local = 0.0;
    for (int i = 1; i <= n_local_; ++i)
      local = std::fmax(local, std::fabs(v_[i]));
    double global = 0.0;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, comm_);
    return global;
  }

  // Sum over all entries of round(1000 * x_i) * (i + 1), i the global index (dvec.cpp).
  long long fingerprint() const;

private:
  int n_global_ = 0, n_local_ = 0, offset_ = 0;
  int left_ = MPI_PROC_NULL, right_ = MPI_PROC_NULL;
  MPI_Comm comm_ = MPI_COMM_NULL;
  std::vector<double> v_;
};

#endif
