// bamboo-cxx reads <mpi.h> as mpicxx does: in C++ it declares MPI's C++
// bindings, and these include standard headers (MPICH's and Open MPI's
// <stdio.h>; Open MPI's <iostream>, <map> too), so a file that includes only
// <mpi.h> may use printf and size_t. What mpicxx builds, bamboo-cxx builds,
// and it prints the same.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %mpicxx %s -o reference
// RUN: %mpiexec -n 2 ./reference > reference.out
// RUN: %bamboo_cxx %s -o app 2>&1 | count 0
// RUN: env BAMBOO_VF=2 %mpiexec -n 1 ./app > app.out
// RUN: diff reference.out app.out
// RUN: FileCheck %s < app.out
// CHECK: ranks 2, sum 3
#include <mpi.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int Rank, Size;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Size);
  size_t Mine = Rank + 1, Sum = 0;
  MPI_Reduce(&Mine, &Sum, 1, MPI_UNSIGNED_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (Rank == 0) {
#ifdef OPEN_MPI
    std::cout << "ranks " << Size << ", sum " << Sum << "\n";
#else
    printf("ranks %d, sum %zu\n", Size, Sum);
#endif
  }
  MPI_Finalize();
}
