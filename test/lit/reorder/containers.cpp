// std::vector and std::array accessors are modeled, not calls of unknown
// effects (docs/reorder.md): v[i], v.data(), v.front() and v.back() reach the
// elements, which only the container reaches, so they are accesses of the
// container; v.size() and v.empty() read it. A Sendrecv of v.data() splits,
// starts right after the last write of `row` and waits just before the first
// read of `ghost`. push_back stays a call of unknown effects. The output is
// the MPI build's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %bamboo %s -o %t/reordered.cpp --
// RUN: FileCheck %s --check-prefix=ORDER < %t/reordered.cpp
// RUN: %check_compiles %t/reordered.cpp
// RUN: %bamboo --explain %s -- | FileCheck %s --check-prefix=EXPLAIN
// RUN: %bamboo_cxx %s -o %t/app
// RUN: %mpicxx %s -o %t/app-mpi
// RUN: %mpiexec -n 4 %t/app-mpi | sort > %t/mpi.out
// RUN: env BAMBOO_VF=1 %mpiexec -n 4 %t/app | sort | diff %t/mpi.out -
// RUN: env BAMBOO_VF=2 %mpiexec -n 2 %t/app | sort | diff %t/mpi.out -

// ORDER:      {{^  }}row[0] = u[63];
// ORDER-NEXT: {{^  $}}
// ORDER-NEXT: {{^}}#line [[SR:[0-9]+]]
// ORDER-NEXT: {{^  }}MPI_Request bamboo_request_[[SR]]_3; bamboo::mpi::Isendrecv(row.data(), (int)row.size(), MPI_DOUBLE, right, 0, &ghost[0], (int)ghost.size(), {{.*}}, &bamboo_request_[[SR]]_3);
// ORDER-NEXT: {{^}}#line
// ORDER-NEXT: {{^  }}for (int i = 0; i < 64; ++i)
// ORDER-NEXT: {{^    }}w[i] = 0.5 * u[i];
// ORDER-NEXT: {{^}}#line
// ORDER-NEXT: {{^  }}double tw = total(w);
// ORDER-NEXT: {{^}}#line
// ORDER-NEXT: {{^  }}for (int i = 0; i < 64; ++i)
// ORDER-NEXT: {{^    }}w[i] += u[i] * 0.25;
// ORDER-NEXT: {{^}}#line
// ORDER-NEXT: {{^  }}double tu = total(u);
// ORDER-NEXT: {{^}}#line [[SR]]
// ORDER-NEXT: {{^  }}bamboo::mpi::Wait(&bamboo_request_[[SR]]_3, MPI_STATUS_IGNORE);
// ORDER-NEXT: {{^}}#line
// ORDER-EMPTY:
// ORDER-NEXT: {{^  }}u[0] += ghost[0] + ghost.back();
// EXPLAIN:      containers.cpp:61:68: block in 'grows', order kept:
// EXPLAIN:        containers.cpp:67:3: MPI_Waitall held before {{.*}}containers.cpp:68:3: calls 'push_back', whose effects are unknown
// EXPLAIN-NEXT: containers.cpp:73:33: block in 'main', reordered:
// EXPLAIN-NEXT:   containers.cpp:86:3: MPI_Sendrecv split into MPI_Isendrecv and MPI_Wait
// EXPLAIN-NEXT:   containers.cpp:86:3: start of MPI_Sendrecv moves up, before {{.*}}containers.cpp:83:3
// EXPLAIN-NEXT:   containers.cpp:86:3: completion of MPI_Sendrecv moves down, after {{.*}}containers.cpp:91:3
// EXPLAIN-NEXT:   containers.cpp:86:3: start of MPI_Sendrecv held after {{.*}}containers.cpp:82:3: writes 'row', which the other reads
// EXPLAIN-NEXT:   containers.cpp:86:3: completion of MPI_Sendrecv held before {{.*}}containers.cpp:92:3: writes 'ghost', which the other reads

#include <mpi.h>
#include <array>
#include <cstdio>
#include <vector>

static double total(const std::vector<double> &v) {
  double s = 0;
  for (std::size_t i = 0; i < v.size(); ++i)
    s += v[i];
  return s;
}

// push_back may reallocate: it stays a call of unknown effects, and holds
// the wait that would move below it.
static double grows(int left, int right, std::vector<double> &log) {
  std::array<double, 2> out = {1.0 * right, 2.0}, in = {0, 0};
  MPI_Request req[2];
  MPI_Irecv(in.data(), 2, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &req[0]);
  MPI_Isend(out.data(), (int)out.size(), MPI_DOUBLE, right, 1, MPI_COMM_WORLD,
            &req[1]);
  MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
  log.push_back(out[0]);
  double extra = total(log);
  return in[0] + in.back() + extra;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int left = (rank + size - 1) % size, right = (rank + 1) % size;
  std::vector<double> u(64), w(64), row(8), ghost(8), log;
  for (int i = 0; i < 64; ++i)
    u[i] = rank * 100 + i;
  row[0] = u[63];
  for (int i = 0; i < 64; ++i)
    w[i] = 0.5 * u[i];
  double tw = total(w);
  MPI_Sendrecv(row.data(), (int)row.size(), MPI_DOUBLE, right, 0, &ghost[0],
               (int)ghost.size(), MPI_DOUBLE, left, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  for (int i = 0; i < 64; ++i)
    w[i] += u[i] * 0.25;
  double tu = total(u);
  u[0] += ghost[0] + ghost.back();
  double g = grows(left, right, log);
  std::printf("%d: %g %g %g %g\n", rank, tw, tu, total(u) + total(w), g + log[0]);
  MPI_Finalize();
  return 0;
}
