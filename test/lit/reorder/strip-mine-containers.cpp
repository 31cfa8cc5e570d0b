// Strip mining a std::vector's elements (docs/reorder.md): `v[i]` written in
// place, sent as `v.data()` or `&v[0]`. An element bound to a reference, or
// the vector reached through a reference bound to it, is not written in
// place: the loop stays whole. The output is the MPI build's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo --explain %s -- | FileCheck %s
// RUN: %bamboo_cxx %s -o %t/app
// RUN: %mpicxx %s -o %t/app-mpi
// RUN: %mpiexec -n 2 %t/app-mpi | sort > %t/mpi.out
// RUN: env BAMBOO_VF=1 %mpiexec -n 2 %t/app | sort | diff %t/mpi.out -
// RUN: env BAMBOO_VF=2 %mpiexec -n 1 %t/app | sort | diff %t/mpi.out -
#include <mpi.h>
#include <cstdio>
#include <vector>

// CHECK:      block in 'data', reordered:
// CHECK-NEXT:   strip-mine-containers.cpp:[[#@LINE+7]]:3: loop strip-mined: the send at {{.*}}:[[#@LINE+9]]:3 starts before it, and 'out' leaves in parts as the loop writes them
// CHECK:      block in 'first', reordered:
// CHECK-NEXT:   strip-mine-containers.cpp:[[#@LINE+16]]:3: loop strip-mined: the send at {{.*}}:[[#@LINE+18]]:3 starts before it, and 'out' leaves in parts as the loop writes them
double data(int rank, int peer, int n) {
  std::vector<double> out(n), in(n);
  MPI_Request r;
  MPI_Irecv(in.data(), n, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
  for (int i = 0; i < n; ++i)
    out[i] = rank + 0.25 * i;
  MPI_Send(out.data(), n, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  return in[n - 1];
}

double first(int rank, int peer, int n) {
  std::vector<double> out(n), in(n);
  MPI_Request r[2];
  MPI_Irecv(&in[0], n, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &r[0]);
  for (int i = 0; i < n; i++)
    out[i] = rank * 2 + i;
  MPI_Isend(&out[0], n, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &r[1]);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  return in[n - 1];
}

// CHECK:      block in 'aliases'
// CHECK-NOT:  strip-mined
// CHECK:      :[[#@LINE+14]]:3: start of MPI_Send held after {{.*}}:[[#@LINE+10]]:3: writes 'out'
// CHECK-NOT:  strip-mined
// CHECK:      :[[#@LINE+18]]:3: start of MPI_Send held after {{.*}}:[[#@LINE+16]]:3: writes 'out'
// CHECK-NOT:  strip-mined
// CHECK:      may wait:
double aliases(int rank, int peer, int n) {
  std::vector<double> out(n), in(n);
  std::vector<double> &same = out;
  MPI_Request r;
  MPI_Irecv(in.data(), n, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD, &r);
  for (int i = 0; i < n; ++i) {
    double &e = out[i];
    e = rank + i;
  }
  MPI_Send(out.data(), n, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  double s = in[n - 1];
  MPI_Irecv(in.data(), n, MPI_DOUBLE, peer, 3, MPI_COMM_WORLD, &r);
  for (int i = 0; i < n - 1; ++i)
    same[i + 1] = s + i;
  MPI_Send(out.data(), n, MPI_DOUBLE, peer, 3, MPI_COMM_WORLD);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  return in[n - 1];
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int peer = rank ^ 1;
  if (peer < size) {
    double a = data(rank, peer, 30000), b = first(rank, peer, 30000);
    std::printf("rank %d: %.2f %.2f %.2f\n", rank, a, b,
                aliases(rank, peer, 30000));
  }
  MPI_Finalize();
  return 0;
}
