// Matched probes and MPI_Mrecv wait (awaited); MPI_Imrecv, MPI_Cancel and the
// per-rank MPI_Buffer_attach/detach never wait; MPI_Alltoallw is a collective
// (awaited). (MPI_Isendrecv: isendrecv.cpp, MPI 4.0 only.)
// RUN: %bamboo %s -o %t.cpp --
// RUN: FileCheck %s < %t.cpp
// RUN: %check_compiles %t.cpp
//
// CHECK:      {{^}}#include <vector>
// CHECK-NEXT: {{^}}int receiveAny(MPI_Comm comm, int left, int right, double *a, double *b) {
// CHECK-NEXT: {{^}}  MPI_Message m;
// CHECK-NEXT: {{^}}  MPI_Status s;
// CHECK-NEXT: {{^}}  bamboo::mpi::Mprobe(MPI_ANY_SOURCE, 1, comm, &m, &s);
// CHECK-NEXT: {{^}}  int n;
// CHECK-NEXT: {{^}}  MPI_Get_count(&s, MPI_INT, &n);
// CHECK-NEXT: {{^}}  std::vector<int> v(n);
// MPI_Mrecv is split (docs/reorder.md): its wait moves past the declaration
// of flag, and the probe that reuses m holds it.
// CHECK-NEXT: {{^  $}}
// CHECK-NEXT: {{^}}#line [[#MRECV:]]
// CHECK-NEXT: {{^}}  MPI_Request bamboo_request_[[#MRECV]]_3; bamboo::mpi::Imrecv(v.data(), n, MPI_INT, &m, &bamboo_request_[[#MRECV]]_3);
// CHECK-NEXT: {{^}}#line [[#MRECV+1]]
// CHECK-NEXT: {{^}}  int flag = 0;
// CHECK-NEXT: {{^}}#line [[#MRECV]]
// CHECK-NEXT: {{^}}  bamboo::mpi::Wait(&bamboo_request_[[#MRECV]]_3, MPI_STATUS_IGNORE);
// CHECK-NEXT: {{^}}#line [[#MRECV+1]]
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  bamboo::mpi::Improbe(left, 2, comm, &flag, &m, &s);
// CHECK-NEXT: {{^}}  MPI_Request r[2];
// CHECK-NEXT: {{^}}  if (flag)
// CHECK-NEXT: {{^}}    bamboo::mpi::Imrecv(a, 1, MPI_DOUBLE, &m, &r[0]);
// CHECK-NEXT: {{^}}  bamboo::mpi::Irecv(b, 1, MPI_DOUBLE, left, 3, comm, &r[1]);
// CHECK-NEXT: {{^}}  bamboo::mpi::Cancel(&r[0]);
// CHECK-NEXT: {{^}}  bamboo::mpi::Waitall(2, r, MPI_STATUSES_IGNORE);
// CHECK-NEXT: {{^}}  return n;
// CHECK-NEXT: {{^}}}
// CHECK-NEXT: {{^}}void buffered(char *buf, int size, int *x, int right, MPI_Comm comm) {
// CHECK-NEXT: {{^}}  bamboo::mpi::Buffer_attach(buf, size);
// CHECK-NEXT: {{^}}  bamboo::mpi::Bsend(x, 1, MPI_INT, right, 0, comm);
// CHECK-NEXT: {{^}}  void *back;
// CHECK-NEXT: {{^}}  bamboo::mpi::Buffer_detach(&back, &size);
// CHECK-NEXT: {{^}}}
// CHECK-NEXT: {{^}}void alltoallw(int *s, int *c, int *d, MPI_Datatype *t, int *r, MPI_Comm comm) {
// CHECK-NEXT: {{^}}  bamboo::mpi::Alltoallw(s, c, d, t, r, c, d, t, comm);
// CHECK-NEXT: {{^}}}
#include <mpi.h>
#include <vector>
int receiveAny(MPI_Comm comm, int left, int right, double *a, double *b) {
  MPI_Message m;
  MPI_Status s;
  MPI_Mprobe(MPI_ANY_SOURCE, 1, comm, &m, &s);
  int n;
  MPI_Get_count(&s, MPI_INT, &n);
  std::vector<int> v(n);
  MPI_Mrecv(v.data(), n, MPI_INT, &m, MPI_STATUS_IGNORE);
  int flag = 0;
  MPI_Improbe(left, 2, comm, &flag, &m, &s);
  MPI_Request r[2];
  if (flag)
    MPI_Imrecv(a, 1, MPI_DOUBLE, &m, &r[0]);
  MPI_Irecv(b, 1, MPI_DOUBLE, left, 3, comm, &r[1]);
  MPI_Cancel(&r[0]);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  return n;
}
void buffered(char *buf, int size, int *x, int right, MPI_Comm comm) {
  MPI_Buffer_attach(buf, size);
  MPI_Bsend(x, 1, MPI_INT, right, 0, comm);
  void *back;
  MPI_Buffer_detach(&back, &size);
}
void alltoallw(int *s, int *c, int *d, MPI_Datatype *t, int *r, MPI_Comm comm) {
  MPI_Alltoallw(s, c, d, t, r, c, d, t, comm);
}
