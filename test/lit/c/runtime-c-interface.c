// The runtime's C interface (bamboo/c.h), written as a C translation will use
// it, compiled as C99 by MPI's C compiler and linked with the runtime: MPI
// calls, an olap region, the call sites in a deadlock report and in an error.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %mpicc -std=c99 -Wall -Wextra -Werror -pedantic -I%runtime_include -c %s -o %t/app.o
// RUN: %mpicxx %t/app.o %runtime_library -o %t/app
// The header alone also compiles as C89 (many MPI codes are built -std=c89).
// RUN: echo '#include <bamboo/bamboo.h>' > %t/c89.c
// RUN: %mpicc -std=c89 -Wall -Wextra -Werror -I%runtime_include -c %t/c89.c -o %t/c89.o
// RUN: env BAMBOO_VF=3 %mpiexec -n 2 %t/app | sort | FileCheck %s
// CHECK-COUNT-6: rank {{[0-5]}} of 6: from the left {{[0-5]}}, sum 15, {{[0-9]+}} ms
//
// RUN: not env BAMBOO_VF=2 %mpiexec -n 1 %t/app deadlock 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// DEADLOCK: bamboo: deadlock: no virtual rank can run and no message is in flight
// DEADLOCK-DAG: rank 0 waits in MPI_Recv at runtime-c-interface.c:[[@LINE+17]]
// DEADLOCK-DAG: rank 1 waits in MPI_Recv at runtime-c-interface.c:[[@LINE+16]]
//
// RUN: not env BAMBOO_VF=1 %mpiexec -n 1 %t/app truncate 2>&1 | FileCheck %s --check-prefix=ERROR
// ERROR: MPI_Recv at runtime-c-interface.c:[[@LINE+17]]: {{.*}}truncat
#include <bamboo/bamboo.h>
#include <stdio.h>
#include <string.h>

static int rankMain(int argc, char **argv) {
  int rank, size, from = -1, sum = 0;
  double start;
  bamboo_MPI_Init(&argc, &argv);
  bamboo_MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  bamboo_MPI_Comm_size(MPI_COMM_WORLD, &size);
  start = bamboo_MPI_Wtime();
  if (argc > 1 && strcmp(argv[1], "deadlock") == 0) {
    bamboo_MPI_Recv(&from, 1, MPI_INT, rank, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (argc > 1 && strcmp(argv[1], "truncate") == 0) {
    int two[2] = {1, 2};
    bamboo_MPI_Send(two, 2, MPI_INT, rank, 1, MPI_COMM_WORLD);
    bamboo_MPI_Recv(&from, 1, MPI_INT, rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  {
    bamboo_region *bambooOlap = bamboo_region_open(1);
    bamboo_region_MPI_Send(&rank, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
    bamboo_region_MPI_Recv(&from, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD,
                           MPI_STATUS_IGNORE);
    bamboo_region_complete(bambooOlap);
  }
  bamboo_MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  printf("rank %d of %d: from the left %d, sum %d, %d ms\n", rank, size, from, sum,
         (int)((bamboo_MPI_Wtime() - start) * 1000));
  bamboo_MPI_Finalize();
  return 0;
}

int main(int argc, char **argv) { return bamboo_run(argc, argv, rankMain); }
