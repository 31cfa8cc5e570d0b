// Window expansion across a loop's back edge (docs/reorder.md): in a counted
// loop, a receive that nothing before it in the body must follow is started
// before the loop and, for the next iteration, as soon as this iteration's
// last read of its buffer is done. The loop, with its new header, still moves
// as one statement of the block around it. Loops that could leave early, whose
// counter or bound the body changes, or whose start names the counter, keep
// their shape. The output is the MPI build's, with and without reordering.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/reordered.c --
// RUN: FileCheck %s --check-prefix=ORDER < %t/reordered.c
// RUN: %check_compiles_c %t/reordered.c
// RUN: %bamboo --explain %s -- | FileCheck %s --check-prefix=EXPLAIN
// RUN: %bamboo_cxx %s -o %t/app
// RUN: %mpicc %s -o %t/app-mpi
// RUN: %mpiexec -n 4 %t/app-mpi | sort > %t/mpi.out
// RUN: env BAMBOO_VF=2 %mpiexec -n 2 %t/app | sort | diff %t/mpi.out -
// RUN: env BAMBOO_VF=1 %mpiexec -n 4 %t/app | sort | diff %t/mpi.out -
// RUN: env BAMBOO_VF=4 %mpiexec -n 1 %t/app | sort | diff %t/mpi.out -
// RUN: %bamboo_cxx --no-reorder %s -o %t/app-written
// RUN: env BAMBOO_VF=2 %mpiexec -n 2 %t/app-written | sort | diff %t/mpi.out -

// Not pipelined:
// ORDER:      {{^  }}for (int it = 0; it < steps; ++it) {
// ORDER:      {{^  }}for (int it = 0; it < steps; ++it) {
// ORDER:      {{^  }}for (int it = 0; it < n; ++it) {
// ORDER:      {{^  }}for (int it = 0; it < steps; ++it) {
// Pipelined:
// ORDER:      {{^  [{]}} int it = 0; if (it < steps) { bamboo_MPI_Irecv(&ghost, 1, MPI_DOUBLE, {{.*}}left{{.*}}, 0, MPI_COMM_WORLD, &r[0]); }
// ORDER-NEXT: {{^}}#line [[#FOR:]]
// ORDER-NEXT: {{^  }}for (; it < steps; ++it) {
// ORDER:      {{^    }}sum += ghost;
// ORDER-NEXT: {{^}}#line [[#FOR+1]]
// ORDER-NEXT: {{^    }}if (it + 1 < (steps)) { bamboo_MPI_Irecv(&ghost, 1, MPI_DOUBLE, {{.*}}left{{.*}}, 0, MPI_COMM_WORLD, &r[0]); }
// ORDER-NEXT: {{^}}#line
// ORDER-NEXT: {{^    }}for (int k = 0; k < 64; ++k)
// ORDER-NEXT: {{^      }}u[k] = w[k];
// ORDER-NEXT: {{^}}#line
// ORDER-EMPTY:
// ORDER-NEXT: {{^  [}] [}]$}}
// The exchange before the loop waits after it (and after the calls that
// follow it, which communicate but do not print):
// ORDER-NEXT: {{^}}#line
// ORDER-NEXT: {{^  }}double more = leavesEarly(steps)
// ORDER-NEXT: {{^ *}}changesBound(steps)
// ORDER-NEXT: {{^}}#line
// ORDER-NEXT: {{^  }}bamboo_MPI_Waitall(2, q, MPI_STATUSES_IGNORE);

#include <mpi.h>
#include <stdio.h>

static int right, left;

// EXPLAIN-NOT: pipelined
// A break: the next iteration's receive might never be waited for.
static double leavesEarly(int steps) {
  double ghost = 0, edge = 1, sum = 0;
  MPI_Request r[2];
  for (int it = 0; it < steps; ++it) {
    MPI_Irecv(&ghost, 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &r[0]);
    MPI_Isend(&edge, 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    sum += ghost;
    if (sum > 1e9)
      break;
    edge += 1;
  }
  return sum;
}

// The receive names the counter; the send's buffer is written last.
static double namesCounter(int steps) {
  double ghost[8] = {0}, edge = 1;
  MPI_Request r[2];
  for (int it = 0; it < steps; ++it) {
    MPI_Irecv(&ghost[it], 1, MPI_DOUBLE, left, 2, MPI_COMM_WORLD, &r[0]);
    MPI_Isend(&edge, 1, MPI_DOUBLE, right, 2, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    edge += ghost[it];
  }
  return edge;
}

// The body changes the bound.
static double changesBound(int n) {
  double ghost = 0, edge = 1, sum = 0;
  MPI_Request r[2];
  for (int it = 0; it < n; ++it) {
    MPI_Irecv(&ghost, 1, MPI_DOUBLE, left, 3, MPI_COMM_WORLD, &r[0]);
    MPI_Isend(&edge, 1, MPI_DOUBLE, right, 3, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    sum += ghost;
    n = n > 4 ? 4 : n;
    edge += 1;
  }
  return sum;
}

// Both buffers are used by the body's last statement: no statement to
// overlap, so nothing to gain.
static double nothingToGain(int steps) {
  double ghost = 0, edge = 1;
  MPI_Request r[2];
  for (int it = 0; it < steps; ++it) {
    MPI_Irecv(&ghost, 1, MPI_DOUBLE, left, 4, MPI_COMM_WORLD, &r[0]);
    MPI_Isend(&edge, 1, MPI_DOUBLE, right, 4, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    edge += ghost;
  }
  return edge;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  right = (rank + 1) % size;
  left = (rank + size - 1) % size;
  double u[64], w[64], ghost = 0, edge = 0, sum = 0;
  MPI_Request r[2];
  for (int k = 0; k < 64; ++k)
    u[k] = rank * 100 + k;
  double extra = 0, mine = rank;
  MPI_Request q[2];
  mine *= 2;
  MPI_Irecv(&extra, 1, MPI_DOUBLE, right, 7, MPI_COMM_WORLD, &q[0]);
  MPI_Isend(&mine, 1, MPI_DOUBLE, left, 7, MPI_COMM_WORLD, &q[1]);
  MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
  int steps = 5;
  // EXPLAIN: pipeline.c:[[@LINE+1]]:38: block in 'main', reordered:
  for (int it = 0; it < steps; ++it) {
    MPI_Irecv(&ghost, 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &r[0]);
    // EXPLAIN-NEXT: pipeline.c:[[@LINE-1]]:5: MPI_Irecv pipelined: started before the loop, and for each next iteration in this one
    // EXPLAIN-NEXT: pipeline.c:[[@LINE-2]]:5: MPI_Irecv of the next iteration moves up, before {{.*}}pipeline.c:[[@LINE+11]]:5
    edge = u[63];
    MPI_Isend(&edge, 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &r[1]);
    for (int k = 1; k < 64; ++k)
      w[k] = 0.5 * (u[k] + u[k - 1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    w[0] = 0.5 * (u[0] + ghost);
    sum += ghost;
    // EXPLAIN-NEXT: pipeline.c:[[@LINE-6]]:5: MPI_Isend held after {{.*}}pipeline.c:[[@LINE-7]]:5: writes 'edge', which the other reads
    // EXPLAIN-NEXT: pipeline.c:[[@LINE-4]]:5: MPI_Waitall held before {{.*}}pipeline.c:[[@LINE-3]]:5: writes 'ghost', which the other reads
    // EXPLAIN-NEXT: pipeline.c:[[@LINE-12]]:5: MPI_Irecv of the next iteration held after {{.*}}pipeline.c:[[@LINE-3]]:5: reads 'ghost', which the other writes
    for (int k = 0; k < 64; ++k)
      u[k] = w[k];
  }
  double more = leavesEarly(steps) + namesCounter(steps) +
                changesBound(steps) + nothingToGain(steps);
  printf("%d: %g %g %g %g\n", rank, u[0] + u[63], sum, extra, more);
  MPI_Finalize();
  return 0;
}
