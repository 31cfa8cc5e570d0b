// main.cpp - mixed: a C++ main over C parts. A class owns the communicator; the C globals of
// field.c are read and written from here, and main.cpp's own global is read by field.c.
#include "shared.h"

#include <cstdio>
#include <vector>

int verbose_rank = 0;

class Solver {
public:
  Solver() { MPI_Comm_dup(MPI_COMM_WORLD, &comm_); }
  ~Solver() { MPI_Comm_free(&comm_); }
  MPI_Comm comm() const { return comm_; }

private:
  MPI_Comm comm_;
};

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  verbose_rank = size - 1;
  std::vector<double> history;
  {
    Solver solver;
    field_init(rank);
    for (int step = 0; step < 20; ++step) {
      field_sweep(solver.comm());
      if (step % 4 == 3) {
        stats s = field_stats(solver.comm());
        history.push_back(s.sum);
        field[CELLS / 2] += global_sum(1.0, solver.comm()) / size; // C global, from C++
      }
    }
  }
  for (std::size_t i = 0; i < history.size(); ++i)
    std::printf("rank %d: sum %zu %.6f\n", rank, i, history[i]);
  std::printf("rank %d: sweeps %d, stats calls %ld\n", rank, sweeps_done, reduce_calls());
  MPI_Finalize();
  return 0;
}
