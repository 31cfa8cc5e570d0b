// A rank waits on its own stack, so a wait may be reached from anywhere, and
// each of these, once refused, translates as written: a call through a
// function pointer and a virtual call of a function that waits, a
// constructor and a destructor that make and free a communicator, a wait in
// a catch handler, in a default argument (direct, and through a call), in a
// default member initializer, and in a GNU statement expression.
// RUN: %bamboo %s -o %t.cpp -- 2>&1 | count 0
// RUN: FileCheck %s --match-full-lines < %t.cpp
// RUN: %check_compiles %t.cpp
// RUN: %bamboo --explain %s -- | FileCheck %s --check-prefix=EXPLAIN
// CHECK:      int withDefault(int r = bamboo::mpi::Barrier(MPI_COMM_WORLD)) { return r; }
// CHECK-NEXT: int viaDefault(int r = recvOne(0)) { return r; }
// CHECK-NEXT: struct Comm {
// CHECK-NEXT:   MPI_Comm c;
// CHECK-NEXT:   int ready = bamboo::mpi::Barrier(MPI_COMM_WORLD);
// CHECK-NEXT:   Comm() { bamboo::mpi::Comm_dup(MPI_COMM_WORLD, &c); }
// CHECK-NEXT:   ~Comm() { bamboo::mpi::Comm_free(&c); }
// CHECK:        int (*fp)(int) = recvOne;
// CHECK-NEXT:   int a = fp(0);
// CHECK-NEXT:   Derived d;
// CHECK-NEXT:   Base &b = d;
// CHECK-NEXT:   a += b.get();
// CHECK-NEXT:   try { throw 1; } catch (int) { a += recvOne(0); bamboo::mpi::Barrier(MPI_COMM_WORLD); }
// CHECK-NEXT:   a += withDefault() + viaDefault();
// CHECK-NEXT:   a += ({ int z; bamboo::mpi::Recv(&z, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); z; });
// EXPLAIN: may wait: recvOne, Comm::Comm, Derived::get, main
#include <mpi.h>
static int recvOne(int from) {
  int x = 0;
  MPI_Recv(&x, 1, MPI_INT, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return x;
}
int withDefault(int r = MPI_Barrier(MPI_COMM_WORLD)) { return r; }
int viaDefault(int r = recvOne(0)) { return r; }
struct Comm {
  MPI_Comm c;
  int ready = MPI_Barrier(MPI_COMM_WORLD);
  Comm() { MPI_Comm_dup(MPI_COMM_WORLD, &c); }
  ~Comm() { MPI_Comm_free(&c); }
};
struct Base {
  virtual int get() = 0;
  virtual ~Base() = default;
};
struct Derived : Base {
  int get() override { return recvOne(1); }
};
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  Comm c;
  int (*fp)(int) = recvOne;
  int a = fp(0);
  Derived d;
  Base &b = d;
  a += b.get();
  try { throw 1; } catch (int) { a += recvOne(0); MPI_Barrier(MPI_COMM_WORLD); }
  a += withDefault() + viaDefault();
  a += ({ int z; MPI_Recv(&z, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); z; });
  MPI_Finalize();
  return a + c.ready;
}
