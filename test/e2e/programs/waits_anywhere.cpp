// Waits reached from anywhere a rank runs (issue 18): through function pointers and virtual
// calls, in constructors, destructors and member initializers, in lambdas, in a library's
// callback (qsort), in a GNU statement expression, in a catch handler and a default argument,
// and deep in a recursion. Every construct here was refused (or miscompiled) when waiting
// functions had to become coroutines.
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <stdexcept>
#include <vector>

static int rank, size;

// One ring step: receive from the left what the left neighbour sends.
static int ring(int value, int tag) {
  int got = -1;
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  MPI_Sendrecv(&value, 1, MPI_INT, right, tag, &got, 1, MPI_INT, left, tag, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  return got;
}

static int sumOverRanks(int value, MPI_Comm comm = MPI_COMM_WORLD) {
  int sum = 0;
  MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, comm);
  return sum;
}

static int withDefault(int v, int fromLeft = ring(rank, 8)) { return v + fromLeft; }

struct Kernel {
  virtual ~Kernel() = default;
  virtual int apply(int v) = 0;
};
struct RingKernel : Kernel {
  int apply(int v) override { return ring(v, 1); }
};

// Owns a communicator, made and freed collectively.
class Grid {
public:
  Grid() : rankSum(0) {
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    rankSum = sumOverRanks(rank, comm);
  }
  ~Grid() {
    int n = sumOverRanks(1, comm);
    if (rank == 0)
      std::printf("grid of %d freed\n", n);
    MPI_Comm_free(&comm);
  }
  int rankSum;
  // A member initializer that waits.
  int fromLeft = ring(rank * 3, 2);

private:
  MPI_Comm comm;
};

static int recurse(int depth) {
  if (depth == 0)
    return ring(rank, 3);
  return recurse(depth - 1) + 1;
}

static int compareAfterExchange(const void *a, const void *b) {
  int token = *static_cast<const int *>(a);
  MPI_Bcast(&token, 1, MPI_INT, 0, MPI_COMM_SELF); // a wait inside qsort's callback
  return *static_cast<const int *>(a) - *static_cast<const int *>(b);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  int (*step)(int, int) = ring;
  std::printf("rank %d: through a pointer %d\n", rank, step(rank, 4));

  std::unique_ptr<Kernel> k = std::make_unique<RingKernel>();
  std::printf("rank %d: through a virtual call %d\n", rank, k->apply(rank * 10));

  {
    Grid g;
    std::printf("rank %d: grid rank sum %d, from the left %d\n", rank, g.rankSum, g.fromLeft);
  }

  auto twice = [](int v) { return ring(ring(v, 5), 6); };
  std::function<int(int)> f = twice;
  std::printf("rank %d: through a lambda %d\n", rank, f(rank));

  std::vector<int> v = {rank + 3, rank + 1, rank + 2};
  std::qsort(v.data(), v.size(), sizeof(int), compareAfterExchange);
  std::printf("rank %d: sorted %d %d %d\n", rank, v[0], v[1], v[2]);

  int viaStatement = ({
    int got = ring(rank + 100, 7);
    got + 1;
  });
  std::printf("rank %d: statement expression %d\n", rank, viaStatement);

  try {
    throw std::runtime_error("boom");
  } catch (const std::exception &) {
    std::printf("rank %d: in a catch handler %d\n", rank, sumOverRanks(rank));
  }

  std::printf("rank %d: default argument %d\n", rank, withDefault(1000));
  std::printf("rank %d: deep recursion %d\n", rank, recurse(5000));
  MPI_Finalize();
  return 0;
}
