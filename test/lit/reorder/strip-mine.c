// Strip mining (docs/reorder.md): a counted loop that writes a send's buffer
// element by element, then the send. The send starts before the loop
// (bamboo_isend_in_parts) and its buffer leaves in parts as the loop writes
// them, which the runtime does for a message to another process above the
// eager limit. Each part's loop has one bound, so it vectorizes.
// Each function after `rows` is a loop the translator must leave whole, and
// --explain says what held its send. The output is the MPI build's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/reordered.c --
// RUN: FileCheck %s --check-prefix=ORDER < %t/reordered.c
// RUN: %bamboo --explain %s -- | FileCheck %s --check-prefix=EXPLAIN
// RUN: %bamboo_cxx %s -o %t/app
// RUN: %mpicc %s -o %t/app-mpi
// RUN: %mpiexec -n 4 %t/app-mpi | sort > %t/mpi.out
// RUN: env BAMBOO_VF=1 %mpiexec -n 4 %t/app | sort | diff %t/mpi.out -
// RUN: env BAMBOO_VF=2 %mpiexec -n 2 %t/app | sort | diff %t/mpi.out -
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 20000

static double work(int i, int r) { return r * 1000.0 + i * 0.5; }

// ORDER-LABEL: double produce(
// ORDER:      {{^  }}MPI_Request bamboo_request_[[#SEND:]]_3; bamboo_isend_in_parts(out, N, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &bamboo_request_{{[0-9]+}}_3);
// ORDER-NEXT: {{^}}#line [[#SEND-2]]
// ORDER-NEXT: {{^  }}for (int i = 0; i < N;) { long long bamboo_part_end_[[#SEND]]_3; bamboo_send_part_end(bamboo_request_[[#SEND]]_3, (long long)(i), sizeof(out[0]), &bamboo_part_end_[[#SEND]]_3); if (bamboo_part_end_[[#SEND]]_3 > (long long)(N)) bamboo_part_end_[[#SEND]]_3 = (long long)(N); for (; (long long)(i) < bamboo_part_end_[[#SEND]]_3; ++i) {{$}}
// ORDER-NEXT: {{^}}#line [[#SEND-1]]
// ORDER-NEXT: {{^    }}out[i] = work(i, rank); bamboo_send_ready(bamboo_request_[[#SEND]]_3, (long long)(i), sizeof(out[0])); } bamboo_send_ready_all(bamboo_request_[[#SEND]]_3);
// ORDER:      {{^  }}bamboo_MPI_Wait(&bamboo_request_[[#SEND]]_3, MPI_STATUS_IGNORE);
double produce(int rank, int left, int right) {
  double *out = malloc(N * sizeof(double));
  double *in = malloc(N * sizeof(double));
  MPI_Request r;
  MPI_Irecv(in, N, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &r);
  for (int i = 0; i < N; ++i)
    out[i] = work(i, rank);
  MPI_Send(out, N, MPI_DOUBLE, right, 1, MPI_COMM_WORLD);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  double s = in[0] + in[N - 1];
  free(out);
  free(in);
  return s;
}

// A row per iteration: each part is whole rows. The loop's own braces and
// lines are kept, and so is its MPI_Isend's request.
// ORDER-LABEL: double rows(
// ORDER:      {{^  }}bamboo_isend_in_parts(out, 8 * 4096, MPI_DOUBLE, right, 2, MPI_COMM_WORLD, &q[1]);
// ORDER-NEXT: {{^}}#line
// ORDER-NEXT: {{^  }}for (int r = 0; r < 8;) { long long bamboo_part_end_{{[0-9]+}}_3; bamboo_send_part_end(*(&q[1]), (long long)(r), sizeof(out[0]), {{.*}} > (long long)(8)) {{.*}} = (long long)(8); for (; (long long)(r) < bamboo_part_end_{{[0-9_]+}}; r++) {{[{]$}}
// ORDER-NEXT: {{^    }}for (int j = 0; j < 4096; ++j)
// ORDER-NEXT: {{^      }}out[r][j] = work(j, rank) + r;
// ORDER-NEXT: {{^  }}} bamboo_send_ready(*(&q[1]), (long long)(r), sizeof(out[0])); } bamboo_send_ready_all(*(&q[1]));
double rows(int rank, int left, int right) {
  double out[8][4096], in[8][4096];
  MPI_Request q[2];
  MPI_Irecv(in, 8 * 4096, MPI_DOUBLE, left, 2, MPI_COMM_WORLD, &q[0]);
  for (int r = 0; r < 8; r++) {
    for (int j = 0; j < 4096; ++j)
      out[r][j] = work(j, rank) + r;
  }
  MPI_Isend(out, 8 * 4096, MPI_DOUBLE, right, 2, MPI_COMM_WORLD, &q[1]);
  MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
  return in[7][4095];
}

// EXPLAIN:      block in 'produce', reordered:
// EXPLAIN-NEXT:   strip-mine.c:[[#@LINE-33]]:3: loop strip-mined: the send at {{.*}}strip-mine.c:[[#@LINE-31]]:3 starts before it, and 'out' leaves in parts as the loop writes them
// EXPLAIN:      block in 'rows', reordered:
// EXPLAIN:        strip-mine.c:[[#@LINE-12]]:3: loop strip-mined: the send at {{.*}}strip-mine.c:[[#@LINE-8]]:3 starts before it, and 'out' leaves in parts as the loop writes them

// What is not strip-mined. A loop that may stop early: the rest of the
// buffer would never be ready.
// EXPLAIN:      block in 'stops'
// EXPLAIN-NOT:  strip-mined
// EXPLAIN:        strip-mine.c:[[#@LINE+12]]:3: start of MPI_Send held after {{.*}}:[[#@LINE+7]]:3: writes 'out', which the other reads
double stops(int rank, int left, int right) {
  double out[N], in[N];
  MPI_Request r;
  MPI_Irecv(in, N, MPI_DOUBLE, left, 3, MPI_COMM_WORLD, &r);
  for (int i = 0; i < N; ++i)
    out[i] = 0;
  for (int i = 0; i < N; ++i) {
    if (i > N / 2 && rank < 0)
      break;
    out[i] = work(i, rank);
  }
  MPI_Send(out, N, MPI_DOUBLE, right, 3, MPI_COMM_WORLD);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  return in[N - 1];
}

// A loop that writes another element than its own: the part before it
// could already be gone.
// EXPLAIN:      block in 'shifted'
// EXPLAIN-NOT:  strip-mined
// EXPLAIN:        strip-mine.c:[[#@LINE+8]]:3: start of MPI_Send held after {{.*}}:[[#@LINE+6]]:3: writes 'out', which the other reads
double shifted(int rank, int left, int right) {
  double out[N + 1], in[N];
  MPI_Request r;
  MPI_Irecv(in, N, MPI_DOUBLE, left, 4, MPI_COMM_WORLD, &r);
  out[0] = rank;
  for (int i = 0; i < N; ++i)
    out[i + 1] = work(i, rank);
  MPI_Send(out, N, MPI_DOUBLE, right, 4, MPI_COMM_WORLD);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  return in[N - 1];
}

// A recurrence reads the element before its own: left whole (the model
// takes only b[i]).
// EXPLAIN:      block in 'recurrence'
// EXPLAIN-NOT:  strip-mined
// EXPLAIN:        strip-mine.c:[[#@LINE+8]]:3: start of MPI_Send held after {{.*}}:[[#@LINE+6]]:3: writes 'out', which the other reads
double recurrence(int rank, int left, int right) {
  double out[N], in[N];
  MPI_Request r;
  MPI_Irecv(in, N, MPI_DOUBLE, left, 5, MPI_COMM_WORLD, &r);
  out[0] = rank;
  for (int i = 1; i < N; ++i)
    out[i] = out[i - 1] + 0.5;
  MPI_Send(out, N, MPI_DOUBLE, right, 5, MPI_COMM_WORLD);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  return in[N - 1];
}

// A loop that also writes what the send reads (its count), and a
// synchronous send, which completes only when received: neither moves.
// EXPLAIN:      block in 'others'
// EXPLAIN-NOT:  strip-mined
// EXPLAIN:        strip-mine.c:[[#@LINE+11]]:3: start of MPI_Send held after {{.*}}:[[#@LINE+7]]:3: writes 'out', which the other reads
// EXPLAIN:        strip-mine.c:[[#@LINE+16]]:3: start of MPI_Ssend held after {{.*}}:[[#@LINE+14]]:3: writes 'out', which the other reads
double others(int rank, int left, int right) {
  double out[N], in[N];
  MPI_Request r;
  MPI_Irecv(in, N, MPI_DOUBLE, left, 6, MPI_COMM_WORLD, &r);
  int n = 0;
  for (int i = 0; i < N; ++i) {
    out[i] = work(i, rank);
    n = i + 1;
  }
  MPI_Send(out, n, MPI_DOUBLE, right, 6, MPI_COMM_WORLD);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  double s = in[N - 1];
  MPI_Irecv(in, N, MPI_DOUBLE, left, 7, MPI_COMM_WORLD, &r);
  for (int i = 0; i < N; ++i)
    out[i] = s + i;
  MPI_Ssend(out, N, MPI_DOUBLE, right, 7, MPI_COMM_WORLD);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  return in[N - 1];
}

// A loop to E inclusive: the part's bound would be E + 1, which may
// overflow; left whole.
// EXPLAIN:      block in 'inclusive'
// EXPLAIN-NOT:  strip-mined
// EXPLAIN:        strip-mine.c:[[#@LINE+7]]:3: start of MPI_Send held after {{.*}}:[[#@LINE+5]]:3: writes 'out', which the other reads
double inclusive(int rank, int left, int right) {
  double out[N], in[N];
  MPI_Request r;
  MPI_Irecv(in, N, MPI_DOUBLE, left, 8, MPI_COMM_WORLD, &r);
  for (int i = 0; i <= N - 1; ++i)
    out[i] = work(i, rank);
  MPI_Send(out, N, MPI_DOUBLE, right, 8, MPI_COMM_WORLD);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  return in[N - 1];
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  printf("rank %d: %.1f %.1f %.1f %.1f %.1f %.1f\n", rank,
         produce(rank, left, right), rows(rank, left, right),
         stops(rank, left, right), shifted(rank, left, right),
         recurrence(rank, left, right), others(rank, left, right));
  printf("rank %d: %.1f\n", rank, inclusive(rank, left, right));
  MPI_Finalize();
  return 0;
}
