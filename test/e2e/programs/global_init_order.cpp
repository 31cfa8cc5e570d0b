// Globals whose initializers read other globals: C++ initializes them in declaration order
// before main, so main's later writes do not reach them (issue 10: the per-rank copies were
// made at their first use, after main had changed `base`, and `twice` printed 200). Static data
// members are initialized as globals are (their copies, too, were made at their first use:
// `Scaled::factor` printed 1000): defined out of line, inline in the class, private, and in a
// class of an anonymous namespace.
#include <mpi.h>
#include <cstdio>
#include <string>
#include <vector>

int base = 5;
int twice = base * 2;
std::vector<int> table(base, base);
static std::string label = "base " + std::to_string(base);
int calls = 0;
static int counted() { return ++calls; }
int first = counted(), second = counted();

class Scaled {
  static int factor;
  static inline std::vector<int> sizes = std::vector<int>(2, base);

public:
  static int value() { return factor + int(sizes.size()) + sizes[1]; }
};
int Scaled::factor = base * 10;
namespace {
struct Hidden {
  static int offset;
};
int Hidden::offset = base + 1;
} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  base = 100 + rank;
  calls = 50;
  int sum = 0;
  MPI_Allreduce(&twice, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  std::printf("rank %d: twice %d table %zu %s first %d second %d sum %d scaled %d hidden %d\n",
              rank, twice, table.size(), label.c_str(), first, second, sum, Scaled::value(),
              Hidden::offset);
  MPI_Finalize();
  return 0;
}
