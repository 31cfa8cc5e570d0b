// Blocking calls split into a start and a wait where that lets their window
// grow (docs/reorder.md): a ring's MPI_Sendrecv overlaps the work that does
// not touch its buffers; MPI_Send and MPI_Recv in a parity-ordered exchange
// both start before the work between them and complete after it. A receive
// whose data is needed at once, one whose arguments have side effects, one
// assembled by a macro and one whose result is used stay whole. The output
// is the MPI build's at 4 ranks, with and without reordering.
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

// Kept whole:
// ORDER:      {{^    }}bamboo_MPI_Recv(&x, 1, MPI_DOUBLE, left, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
// ORDER-NEXT: {{^    }}out[2] = x;
// ORDER:      {{^  }}bamboo_MPI_Send(&out[k++], 1, MPI_DOUBLE, right, 3, MPI_COMM_WORLD);
// ORDER-NEXT: {{^}}#line
// ORDER-NEXT: {{^  }}bamboo_MPI_Recv(PEER_ARGS(left, 3), MPI_STATUS_IGNORE);
// The wait of the Isend moves down past both, to the write of out[1]:
// ORDER-NEXT: {{^}}#line
// ORDER-NEXT: {{^  }}bamboo_MPI_Wait(&r, MPI_STATUS_IGNORE);
// ORDER:      {{^  }}int err = bamboo_MPI_Sendrecv(
// Reordered:
// ORDER:      {{^ *}}out[1] = u[63];
// ORDER-NEXT: {{^}}  {{$}}
// ORDER-NEXT: {{^}}#line [[SR:[0-9]+]]
// ORDER-NEXT: {{^  }}MPI_Request bamboo_request_[[SR]]_3; bamboo_MPI_Isendrecv(&out[1], 1, MPI_DOUBLE, right, 0, &ghost[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &bamboo_request_[[SR]]_3);
// ORDER-NEXT: {{^}}#line
// ORDER-NEXT: {{^  }}fill(w, 64, rank + 1);
// ORDER-NEXT: {{^}}#line
// ORDER-NEXT: {{^  }}double tw = total(w, 64);
// ORDER-NEXT: {{^}}#line [[SR]]
// ORDER-NEXT: {{^  }}bamboo_MPI_Wait(&bamboo_request_[[SR]]_3, &st);
// ORDER:      {{^    }}MPI_Request bamboo_request_[[S:[0-9]+]]_5; bamboo_MPI_Isend(&out[0], {{.*}}, &bamboo_request_[[S]]_5);
// ORDER-NEXT: {{^}}#line [[R:[0-9]+]]
// ORDER-NEXT: {{^    }}MPI_Request bamboo_request_[[R]]_5; bamboo_MPI_Irecv(&ghost[1], {{.*}}, &bamboo_request_[[R]]_5);
// ORDER-NEXT: {{^}}#line
// ORDER-NEXT: {{^    }}fill(w, 64, rank + 2);
// ORDER-NEXT: {{^}}#line
// ORDER-NEXT: {{^    }}tw += total(w, 64);
// ORDER-NEXT: {{^}}#line [[S]]
// ORDER-NEXT: {{^    }}bamboo_MPI_Wait(&bamboo_request_[[S]]_5, MPI_STATUS_IGNORE);
// ORDER-NEXT: {{^}}#line [[R]]
// ORDER-NEXT: {{^    }}bamboo_MPI_Wait(&bamboo_request_[[R]]_5, MPI_STATUS_IGNORE);
#include <mpi.h>
#include <stdio.h>

#define PEER_ARGS(peer, tag) &x, 1, MPI_DOUBLE, peer, tag, MPI_COMM_WORLD

static void fill(double *v, int n, int seed) {
  for (int i = 0; i < n; ++i)
    v[i] = seed * 100 + i;
}

static double total(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i];
  return s;
}

static double whole(int left, int right, double *out) {
  double x = 0;
  MPI_Request r;
  MPI_Isend(&out[0], 1, MPI_DOUBLE, right, 2, MPI_COMM_WORLD, &r);
  // EXPLAIN: split.c:[[@LINE+1]]:3: block in 'whole', order kept:
  {
    MPI_Recv(&x, 1, MPI_DOUBLE, left, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    out[2] = x;
    // EXPLAIN-NEXT: split.c:[[@LINE-2]]:5: completion of MPI_Recv held before {{.*}}split.c:[[@LINE-1]]:5: writes 'x', which the other reads
  }
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  int k = 0;
  // Small sends before receives: MPI and the runtime buffer them.
  MPI_Send(&out[k++], 1, MPI_DOUBLE, right, 3, MPI_COMM_WORLD);
  MPI_Recv(PEER_ARGS(left, 3), MPI_STATUS_IGNORE);
  MPI_Status st;
  int err = MPI_Sendrecv(&out[0], 1, MPI_DOUBLE, right, 4, &out[1], 1,
                         MPI_DOUBLE, left, 4, MPI_COMM_WORLD, &st);
  return x + k + err + st.MPI_SOURCE;
}

// EXPLAIN: split.c:[[@LINE+1]]:{{[0-9]+}}: block in 'main', reordered:
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  double u[64], w[64], ghost[2], out[3];
  MPI_Status st;
  fill(u, 64, rank);
  out[0] = u[0];
  out[1] = u[63];
  MPI_Sendrecv(&out[1], 1, MPI_DOUBLE, right, 0, &ghost[0], 1, MPI_DOUBLE,
               left, 0, MPI_COMM_WORLD, &st);
  // EXPLAIN-NEXT: split.c:[[@LINE-2]]:3: MPI_Sendrecv split into MPI_Isendrecv and MPI_Wait
  // EXPLAIN-NEXT: split.c:[[@LINE-3]]:3: completion of MPI_Sendrecv moves down, after {{.*}}split.c:[[@LINE+2]]:3
  fill(w, 64, rank + 1);
  double tw = total(w, 64);
  u[0] += ghost[0];
  // EXPLAIN-NEXT: split.c:[[@LINE-7]]:3: start of MPI_Sendrecv held after {{.*}}split.c:[[@LINE-8]]:3: writes 'out', which the other reads
  // EXPLAIN-NEXT: split.c:[[@LINE-8]]:3: completion of MPI_Sendrecv held before {{.*}}split.c:[[@LINE-2]]:3: writes 'ghost', which the other reads
  // EXPLAIN: split.c:[[@LINE+1]]:{{[0-9]+}}: block in 'main', reordered:
  if (rank % 2 == 0) {
    MPI_Send(&out[0], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD);
    // EXPLAIN-NEXT: split.c:[[@LINE-1]]:5: MPI_Send split into MPI_Isend and MPI_Wait
    // EXPLAIN-NEXT: split.c:[[@LINE-2]]:5: completion of MPI_Send moves down, after {{.*}}split.c:[[@LINE+5]]:5
    // EXPLAIN-NEXT: split.c:[[@LINE+4]]:5: MPI_Recv split into MPI_Irecv and MPI_Wait
    // EXPLAIN-NEXT: split.c:[[@LINE+3]]:5: start of MPI_Recv moves up, before {{.*}}split.c:[[@LINE-4]]:5
    fill(w, 64, rank + 2);
    tw += total(w, 64);
    MPI_Recv(&ghost[1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(&ghost[1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &st);
    fill(w, 64, rank + 2);
    tw += total(w, 64);
    MPI_Send(&out[0], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD);
  }
  u[63] += ghost[1];
  u[2] += whole(left, right, out);
  printf("%d: %g %g %d\n", rank, total(u, 64), tw, st.MPI_SOURCE);
  MPI_Finalize();
  return 0;
}
