// Mutable globals and static locals: under MPI every rank has its own; translated, every
// virtual rank must too, with its initializers.
#include <mpi.h>
#include <cstdio>
#include <vector>

int rank_g = -1;
int calls = 0, seen[8];
double scale = 1.5;
std::vector<int> history{7, 8};
static long total = 100;

static int next_id() {
  static int counter = 10;
  static std::vector<int> trail(2, rank_g);
  trail.push_back(counter);
  ++calls;
  return counter++ + static_cast<int>(trail.size());
}

static void exchange(int size) {
  int value = next_id(), from = -1;
  MPI_Sendrecv(&value, 1, MPI_INT, (rank_g + 1) % size, 0, &from, 1, MPI_INT,
               (rank_g + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  seen[calls % 8] = from;
  total += from;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_g);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int i = 0; i < rank_g % 3; ++i) // rank-dependent state, no communication
    next_id();
  for (int i = 0; i < 3; ++i)
    exchange(size);
  history.push_back(rank_g);
  scale *= rank_g + 1;
  std::printf("rank %d: calls %d total %ld scale %.1f history %zu seen %d\n", rank_g, calls,
              total, scale, history.size(), seen[calls % 8]);
  MPI_Finalize();
  return 0;
}
