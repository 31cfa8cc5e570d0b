// With no flags at all, bamboo finds Clang's builtin headers (cstddef needs
// stddef.h) and MPI's header; the input parses without a diagnostic.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// Without -- (and no compilation database) a clang tool says so and goes on.
// RUN: %bamboo %s -o %t.cpp 2>&1 | FileCheck %s --check-prefix=NODB --implicit-check-not=error:
// NODB: Running without flags.
#include <cstddef>
#include <mpi.h>
#include <stdarg.h>
#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  std::vector<double> v(16);
  std::size_t n = v.size();
  MPI_Bcast(v.data(), int(n), MPI_DOUBLE, 0, MPI_COMM_WORLD);
  MPI_Finalize();
}
