// A declaration stays on its side of every statement that uses its name:
// moved above `double y = x;`, the inner x would hide the outer one there.
// The output is the MPI build's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo --explain %s -- | FileCheck %s
// CHECK: names.c:[[@LINE+16]]:3: block in 'main', reordered:
// CHECK-NEXT: names.c:[[@LINE+20]]:5: MPI_Irecv moves up, before {{.*}}names.c:[[@LINE+18]]:5
// CHECK: names.c:[[@LINE+21]]:5: MPI_Isend held after {{.*}}names.c:[[@LINE+18]]:5: writes 'x', which the other reads
// RUN: %bamboo_cxx %s -o %t/app
// RUN: env BAMBOO_VF=3 %mpiexec -n 1 %t/app | sort > %t/app.out
// RUN: %mpicc %s -o %t/app-mpi
// RUN: %mpiexec -n 3 %t/app-mpi | sort | diff %t/app.out -
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double x = 1;
  {
    MPI_Request r[2];
    double got = 0;
    double y = x;
    double x = 2 + rank;
    MPI_Irecv(&got, 1, MPI_DOUBLE, (rank + size - 1) % size, 0, MPI_COMM_WORLD,
              &r[0]);
    MPI_Isend(&x, 1, MPI_DOUBLE, (rank + 1) % size, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    printf("rank %d: y %.1f got %.1f\n", rank, y, got);
  }
  MPI_Finalize();
  return 0;
}
