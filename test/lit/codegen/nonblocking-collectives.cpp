// Nonblocking collectives never wait: each becomes a plain runtime call that
// starts the collective, and the wait on it is awaited. Inside an olap region
// they start like MPI_Irecv (their request joins the firing rule) and the wait
// is deferred; no diagnostic.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
// DIAG-NOT: {{warning|error}}
//
// CHECK:      {{^}}double pipelined(double *p, double *q, int n, MPI_Comm comm) {
// CHECK-NEXT: {{^}}  double local = 0, global = 0;
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i)
// CHECK-NEXT: {{^}}    local += p[i] * q[i];
// CHECK-NEXT: {{^}}  MPI_Request r;
// CHECK-NEXT: {{^}}  bamboo::mpi::Iallreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm, &r);
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i)
// CHECK-NEXT: {{^}}    q[i] += p[i];
// CHECK-NEXT: {{^}}  bamboo::mpi::Wait(&r, MPI_STATUS_IGNORE);
// CHECK-NEXT: {{^}}  return global;
// CHECK-NEXT: {{^}}}
// CHECK-NEXT: {{^}}void others(int *buf, int *all, int n, int left, int right, MPI_Comm comm) {
// CHECK-NEXT: {{^}}  MPI_Request rs[3];
// CHECK-NEXT: {{^}}  bamboo::mpi::Ibarrier(comm, &rs[0]);
// CHECK-NEXT: {{^}}  bamboo::mpi::Ibcast(buf, n, MPI_INT, 0, comm, &rs[1]);
// CHECK-NEXT: {{^}}  bamboo::mpi::Iallgather(buf, 1, MPI_INT, all, 1, MPI_INT, comm, &rs[2]);
// CHECK-NEXT: {{^}}  bamboo::mpi::Waitall(3, rs, MPI_STATUSES_IGNORE);
// CHECK-NEXT: {{^}}// bamboo: olap region ({{.*}}): its receives complete together at its end
// CHECK-NEXT: {{^}}  { bamboo::Region bambooOlap;
// CHECK-NEXT: {{^}}    bamboo::mpi::Irecv(buf, 1, MPI_INT, left, 0, comm, &rs[0]);
// CHECK-NEXT: {{^}}    bambooOlap.Send(buf + 1, 1, MPI_INT, right, 0, comm);
// CHECK-NEXT: {{^}}    bamboo::mpi::Ireduce(buf + 2, all, 1, MPI_INT, MPI_SUM, 0, comm, &rs[1]);
// CHECK-NEXT: {{^}}    bambooOlap.Waitall(2, rs, MPI_STATUSES_IGNORE);
// CHECK-NEXT: {{^}}  bambooOlap.complete(); }
// CHECK-NEXT: {{^}}}
#include <mpi.h>
double pipelined(double *p, double *q, int n, MPI_Comm comm) {
  double local = 0, global = 0;
  for (int i = 0; i < n; ++i)
    local += p[i] * q[i];
  MPI_Request r;
  MPI_Iallreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm, &r);
  for (int i = 0; i < n; ++i)
    q[i] += p[i];
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  return global;
}
void others(int *buf, int *all, int n, int left, int right, MPI_Comm comm) {
  MPI_Request rs[3];
  MPI_Ibarrier(comm, &rs[0]);
  MPI_Ibcast(buf, n, MPI_INT, 0, comm, &rs[1]);
  MPI_Iallgather(buf, 1, MPI_INT, all, 1, MPI_INT, comm, &rs[2]);
  MPI_Waitall(3, rs, MPI_STATUSES_IGNORE);
#pragma bamboo olap
  {
    MPI_Irecv(buf, 1, MPI_INT, left, 0, comm, &rs[0]);
    MPI_Send(buf + 1, 1, MPI_INT, right, 0, comm);
    MPI_Ireduce(buf + 2, all, 1, MPI_INT, MPI_SUM, 0, comm, &rs[1]);
    MPI_Waitall(2, rs, MPI_STATUSES_IGNORE);
  }
}
