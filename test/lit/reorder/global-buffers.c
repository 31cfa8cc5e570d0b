// A buffer with a constant address (a global array, a static local, the
// address of a global scalar) is memory of the user's like any other: the
// writes before its send hold the send, and the reads after its receive hold
// the wait. (They were once taken for constants such as MPI_STATUS_IGNORE,
// and a send moved above the loop that filled its buffer.) The output is
// the MPI build's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo --explain %s -- | FileCheck %s
// RUN: %bamboo_cxx %s -o %t/app
// RUN: %mpicc %s -o %t/app-mpi
// RUN: %mpiexec -n 2 %t/app-mpi | sort > %t/mpi.out
// RUN: env BAMBOO_VF=1 %mpiexec -n 2 %t/app | sort | diff %t/mpi.out -
// RUN: env BAMBOO_VF=2 %mpiexec -n 1 %t/app | sort | diff %t/mpi.out -
#include <mpi.h>
#include <stdio.h>

double row[64], ghost[64];
double scale;

// CHECK:      block in 'globals', reordered:
// CHECK:        global-buffers.c:[[#@LINE+8]]:3: MPI_Isend held after {{.*}}:[[#@LINE+6]]:3: writes 'row', which the other reads
// CHECK:        global-buffers.c:[[#@LINE+9]]:3: MPI_Wait held before {{.*}}:[[#@LINE+10]]:3: writes 'ghost', which the other reads
double globals(int rank, int peer) {
  MPI_Request r[2];
  double s = 0;
  MPI_Irecv(ghost, 64, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r[0]);
  for (int i = 0; i < 64; ++i)
    row[i] = rank + i;
  MPI_Isend(row, 64, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r[1]);
  MPI_Wait(&r[1], MPI_STATUS_IGNORE);
  MPI_Wait(&r[0], MPI_STATUS_IGNORE);
  for (int i = 0; i < 64; ++i)
    s += ghost[i];
  return s;
}

// CHECK:      block in 'statics', order kept:
// CHECK:        global-buffers.c:[[#@LINE+8]]:3: MPI_Isend held after {{.*}}:[[#@LINE+6]]:3: writes 'out', which the other reads
// CHECK:        global-buffers.c:[[#@LINE+11]]:3: MPI_Isend held after {{.*}}:[[#@LINE+10]]:3: writes 'scale', which the other reads
double statics(int rank, int peer) {
  static double out[64], in[64];
  MPI_Request r[4];
  MPI_Irecv(in, 64, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &r[0]);
  for (int i = 0; i < 64; ++i)
    out[i] = rank * 2 + i;
  MPI_Isend(out, 64, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &r[1]);
  double other;
  MPI_Irecv(&other, 1, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD, &r[2]);
  scale = rank + 0.5;
  MPI_Isend(&scale, 1, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD, &r[3]);
  MPI_Waitall(4, r, MPI_STATUSES_IGNORE);
  return in[63] + other;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int peer = rank ^ 1;
  if (peer < size) {
    double g = globals(rank, peer);
    printf("rank %d: %.1f %.1f\n", rank, g, statics(rank, peer));
  }
  MPI_Finalize();
  return 0;
}
