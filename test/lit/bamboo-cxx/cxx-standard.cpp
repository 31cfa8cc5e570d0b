// A C++ program is translated and compiled in its own standard, as mpicxx
// compiles it: C++17 code that C++20 breaks (its new keywords as names, a u8
// literal as `const char *`) builds and runs, and C++20 code builds with
// -std=c++20. Older standards become C++17, the runtime's headers' least
// (docs/decisions.md, "The user's C++ standard").
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %bamboo_cxx -v -Wall -Werror %s -o app17 2> v17.log
// RUN: env BAMBOO_VF=2 %mpiexec -n 1 ./app17 | sort | FileCheck %s --check-prefix=CXX17
// CXX17:      rank 0: concept 1 requires 2 char8_t 3 u8 text
// CXX17-NEXT: rank 1: concept 2 requires 3 char8_t 4 u8 text
// Without -std=, the compile gets none, as from mpicxx; the translator reads
// the compiler's default, gnu++17.
// RUN: FileCheck %s --check-prefix=DEFAULT --implicit-check-not=-std= < v17.log
// DEFAULT: bamboo {{.*}}cxx-standard.cpp
// RUN: %bamboo_cxx -v -std=c++11 -Wall -Werror %s -o app11 2> v11.log
// RUN: FileCheck %s --check-prefix=OLD < v11.log
// OLD: bamboo {{.*}}-std=c++11
// OLD: -std=c++17 {{.*}}cxx-standard
// RUN: env BAMBOO_VF=2 %mpiexec -n 1 ./app11 | sort | FileCheck %s --check-prefix=CXX17
// The same names do not compile as C++20 (as with mpicxx -std=c++20): the
// translator says where, as the compiler would.
// RUN: not %bamboo_cxx -std=c++20 %s -o bad 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: cxx-standard.cpp:[[@LINE+9]]:12: error: expected unqualified-id
// RUN: %bamboo_cxx -std=c++20 -DCXX20 -Wall -Werror %s -o app20
// RUN: env BAMBOO_VF=2 %mpiexec -n 1 ./app20 | sort | FileCheck %s --check-prefix=CXX20
// CXX20:      rank 0: spaceship 1 designated 5
// CXX20-NEXT: rank 1: spaceship 1 designated 6
#include <cstdio>
#include <mpi.h>

#ifndef CXX20
static int concept = 1;
int requires(int Rank) { return Rank + 2; }
const char *Text = u8"u8 text";

int main(int Argc, char **Argv) {
  MPI_Init(&Argc, &Argv);
  int Rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  concept += Rank; // one per rank
  int char8_t = Rank + 3;
  std::printf("rank %d: concept %d requires %d char8_t %d %s\n", Rank, concept,
              requires(Rank), char8_t, Text);
  MPI_Finalize();
  return 0;
}
#else
#include <compare>
struct Point {
  int X, Y;
  auto operator<=>(const Point &) const = default;
};

int main(int Argc, char **Argv) {
  MPI_Init(&Argc, &Argv);
  int Rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  Point A{.X = 5 + Rank, .Y = 1}, B{.X = 1, .Y = 1};
  std::printf("rank %d: spaceship %d designated %d\n", Rank, int(A > B), A.X);
  MPI_Finalize();
  return 0;
}
#endif
