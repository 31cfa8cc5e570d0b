// MPI's handle constants reach the output as written, never as the values one
// MPI's <mpi.h> gives them (integers in MPICH, addresses of globals in Open
// MPI), so a translation means the same with either MPI. The program then runs
// at 2 processes x 2 virtual ranks on the MPI of this build.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/out.cpp --
// RUN: FileCheck %s --input-file %t/out.cpp --implicit-check-not='{{0x[0-9a-fA-F]}}' --implicit-check-not='{{ompi_[a-z]}}'
// RUN: %bamboo_cxx %s -o %t/app
// RUN: env BAMBOO_VF=2 %mpiexec -n 2 %t/app | sort | FileCheck %s --check-prefix=OUT
#include <mpi.h>
#include <stdio.h>

MPI_Comm comm = MPI_COMM_WORLD;
// CHECK: struct BambooGlobal_comm { MPI_Comm comm = MPI_COMM_WORLD; };
MPI_Datatype type = MPI_DOUBLE;
MPI_Request reqs[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
// CHECK: MPI_Request reqs[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL}; };
static MPI_Op op = MPI_SUM;
// CHECK: MPI_Op op = MPI_SUM; };

static void exchange(double *a, double *b, int to, MPI_Comm c = MPI_COMM_WORLD) {
// CHECK: void exchange(double *a, double *b, int to, MPI_Comm c = MPI_COMM_WORLD) {
  MPI_Irecv(b, 1, MPI_DOUBLE, to, 0, c, &reqs[0]);
  MPI_Isend(a, 1, type, to, 0, c, &reqs[1]);
  MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double a = rank, b = -1, s = 0;
  exchange(&a, &b, rank ^ 1);
  MPI_Allreduce(&b, &s, 1, MPI_DOUBLE, op, comm);
  if (comm == MPI_COMM_NULL || reqs[0] != MPI_REQUEST_NULL)
// CHECK: if (bambooGlobal_comm() == MPI_COMM_NULL || bambooGlobal_reqs()[0] != MPI_REQUEST_NULL)
    printf("wrong\n");
  printf("rank %d got %g sum %g\n", rank, b, s);
  MPI_Finalize();
}
// OUT: rank 0 got 1 sum 6
// OUT-NEXT: rank 1 got 0 sum 6
// OUT-NEXT: rank 2 got 3 sum 6
// OUT-NEXT: rank 3 got 2 sum 6
