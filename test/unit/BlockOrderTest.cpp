//===- BlockOrderTest.cpp - Tests of statement effects and block orders ---===//
//
// The dependence model of issue 19 on code strings: what each statement
// reads, writes and communicates, what holds it in place, and the consensus
// order of a block written in the blocking style.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Frontend/BlockOrder.h"
#include "TestSupport.h"
#include "bamboo/Frontend/Analysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace bamboo;

namespace {

/// Runs \p Check on the order of the body of function \p Name in \p Code.
void withBlock(llvm::StringRef Code, llvm::StringRef Name,
               std::function<void(const BlockOrder &, ASTContext &)> Check) {
  bool Ran = false;
  test::Analysis A = test::analyze(Code, [&](TranslationUnitModel &TU) {
    const FunctionDecl *FD = test::findFunction(TU.context(), Name);
    ASSERT_NE(FD, nullptr);
    const auto *Body = cast<CompoundStmt>(FD->getBody());
    Check(orderBlock(Body, FD, TU.context()), TU.context());
    Ran = true;
  });
  EXPECT_TRUE(A.Ok);
  EXPECT_TRUE(Ran);
  for (const std::string &D : A.Diagnostics)
    ADD_FAILURE() << D;
}

/// The first word of each statement's text, in the block's order.
std::string orderText(const BlockOrder &B, ASTContext &Ctx) {
  std::string Out;
  for (unsigned I : B.Order) {
    std::string Text = test::text(B.Items[I].S, Ctx);
    Out += (Out.empty() ? "" : " | ") + Text.substr(0, Text.find('('));
  }
  return Out;
}

TEST(BlockOrder, TheTextbookBlockStartsEarlyAndWaitsLate) {
  withBlock(R"cpp(
#include <math.h>
#include <mpi.h>
void step(double *out, int left, int right) {
  double a[4], b[4], c[4], d, x;
  MPI_Request r1, r2, s1;
  for (int i = 0; i < 4; ++i) c[i] = i;
  MPI_Irecv(a, 4, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &r1);
  MPI_Wait(&r1, MPI_STATUS_IGNORE);
  MPI_Irecv(b, 4, MPI_DOUBLE, right, 2, MPI_COMM_WORLD, &r2);
  MPI_Wait(&r2, MPI_STATUS_IGNORE);
  for (int i = 0; i < 4; ++i) a[i] *= 2;
  for (int i = 0; i < 4; ++i) b[i] += 5;
  d = 0;
  for (int i = 0; i < 4; ++i) d += a[i] * b[i];
  x = sqrt(d);
  MPI_Isend(c, 4, MPI_DOUBLE, right, 3, MPI_COMM_WORLD, &s1);
  MPI_Wait(&s1, MPI_STATUS_IGNORE);
  *out = x;
}
)cpp",
            "step", [](const BlockOrder &B, ASTContext &Ctx) {
              ASSERT_EQ(B.Items.size(), 15u);
              EXPECT_EQ(B.Items[3].Role, CommRole::Start);
              EXPECT_EQ(B.Items[4].Role, CommRole::Completion);
              // Written: decls | decls | c loop | R1 | RW1 | R2 | RW2 | *2 |
              // +5 | d=0 | dot | solve | S1 | SW1 | *out.
              EXPECT_EQ(B.Order,
                        (std::vector<unsigned>{0, 1, 3, 5, 2, 12, 9, 4, 7, 6, 8,
                                               10, 11, 14, 13}))
                  << orderText(B, Ctx);
            });
}

TEST(BlockOrder, AReceiveBufferReadBeforeTheReceiveHoldsItsStart) {
  // The receive into a may not start before a is read; the one into b may.
  withBlock(R"cpp(
#include <mpi.h>
double f(int peer) {
  double a = 1, b = 2, s;
  MPI_Request r[2];
  s = a + 1;
  MPI_Irecv(&a, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Irecv(&b, 1, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &r[1]);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  return s + a + b;
}
)cpp",
            "f", [](const BlockOrder &B, ASTContext &Ctx) {
              ASSERT_EQ(B.Items.size(), 7u);
              EXPECT_TRUE(B.Orders.precedes(2, 3)); // s = a + 1 before Irecv a
              EXPECT_FALSE(B.Orders.precedes(2, 4));
              EXPECT_EQ(B.Order, (std::vector<unsigned>{0, 1, 4, 2, 3, 5, 6}))
                  << orderText(B, Ctx);
              // The wait completes both: it writes both buffers.
              EXPECT_TRUE(B.Orders.precedes(5, 6));
            });
}

TEST(BlockOrder, BarriersHoldEverything) {
  // An unknown call, I/O and a probe: nothing crosses them.
  withBlock(R"cpp(
#include <mpi.h>
#include <stdio.h>
void g(double *);
void f(int peer) {
  double a[2], t = 0;
  int flag;
  MPI_Request r;
  g(a);
  t = t + 1;
  MPI_Iprobe(peer, 0, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
  MPI_Irecv(a, 2, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  printf("%f\n", t);
}
)cpp",
            "f", [](const BlockOrder &B, ASTContext &Ctx) {
              ASSERT_EQ(B.Items.size(), 9u);
              EXPECT_TRUE(B.Items[3].Barrier);
              EXPECT_NE(B.Items[3].Why.find("'g'"), std::string::npos)
                  << B.Items[3].Why;
              EXPECT_TRUE(B.Items[5].Barrier);
              EXPECT_NE(B.Items[5].Why.find("MPI_Iprobe"), std::string::npos)
                  << B.Items[5].Why;
              EXPECT_TRUE(B.Items[8].Barrier);
              EXPECT_EQ(B.Order,
                        (std::vector<unsigned>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
              // The receive would start before the probe; a chain of
              // kept edges says why it did not.
              bool Held = false;
              for (const auto &R : B.Orders.rejections())
                Held |= R.Before == 6 && R.After == 5;
              EXPECT_TRUE(Held);
            });
}

TEST(BlockOrder, MatchingOrderAndBlockingCallsStay) {
  // Receives that may match the same message (same tag, unknown peers)
  // keep their order against the tag preference. A start may move up past
  // a blocking call (MPI's progress rule), but not past one that may match
  // the same message: the blocking receive (its result used, so it is not
  // split) stays first.
  withBlock(R"cpp(
#include <mpi.h>
void f(int p, int q, double *x) {
  double a, b, c;
  MPI_Request r[3];
  int err = MPI_Recv(x, 1, MPI_DOUBLE, p, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Irecv(&a, 1, MPI_DOUBLE, p, 5, MPI_COMM_WORLD, &r[0]);
  MPI_Irecv(&b, 1, MPI_DOUBLE, q, 5, MPI_COMM_WORLD, &r[1]);
  MPI_Irecv(&c, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 4, MPI_COMM_WORLD, &r[2]);
  MPI_Waitall(3, r, MPI_STATUSES_IGNORE);
}
)cpp",
            "f", [](const BlockOrder &B, ASTContext &Ctx) {
              ASSERT_EQ(B.Items.size(), 7u);
              EXPECT_EQ(B.Items[2].Role, CommRole::Blocking);
              EXPECT_TRUE(B.Orders.precedes(2, 3)); // same tag: MPI order
              EXPECT_TRUE(B.Orders.precedes(3, 4)); // same tag: MPI order
              EXPECT_TRUE(B.Orders.precedes(4, 5)); // wildcard: MPI order
              EXPECT_EQ(B.Order, (std::vector<unsigned>{0, 1, 2, 3, 4, 5, 6}));
            });
}

TEST(BlockOrder, StartsMoveUpAndCompletionsDownPastBlockingCalls) {
  // A blocking collective or send keeps its place among communication,
  // except that a start may come before it and a completion after it.
  withBlock(R"cpp(
#include <mpi.h>
void f(int peer, double *out) {
  double a, b, t = 0, u = 1;
  MPI_Request r, s;
  MPI_Irecv(&a, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Isend(&u, 1, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &s);
  MPI_Allreduce(&t, &b, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Wait(&s, MPI_STATUS_IGNORE);
  *out = a + b;
}
)cpp",
            "f", [](const BlockOrder &B, ASTContext &Ctx) {
              ASSERT_EQ(B.Items.size(), 10u);
              EXPECT_EQ(B.Items[4].Role, CommRole::Blocking);
              EXPECT_FALSE(B.Items[4].Barrier) << B.Items[4].Why;
              // Collectives keep their order; the send starts before them,
              // the receive's wait comes after them.
              EXPECT_TRUE(B.Orders.precedes(4, 5));
              EXPECT_TRUE(B.Orders.precedes(5, 7));
              EXPECT_EQ(B.Order,
                        (std::vector<unsigned>{0, 1, 2, 6, 4, 5, 7, 3, 9, 8}))
                  << orderText(B, Ctx);
              // A completion does not move up before a blocking call, nor
              // a start down after one.
              EXPECT_TRUE(B.Orders.precedes(7, 8));
              // The second allreduce reads t, which the first writes.
              llvm::SmallPtrSet<const ValueDecl *, 1> None;
              EXPECT_NE(dependence(B.Items[4], B.Items[7], None), std::nullopt);
            });
}

TEST(BlockOrder, ABlockingCallIsSplitIntoItsStartAndItsCompletion) {
  // MPI_Send and MPI_Recv are each two items: the start reads the
  // arguments and matches messages, the completion holds the buffer and
  // writes the status. The send's start is held by the write of its buffer
  // and its completion by the next write; the receive's completion by the
  // read of what it brings.
  withBlock(R"cpp(
#include <mpi.h>
void f(int p, int n, double *out) {
  double a = 0, b[4], s = 0;
  MPI_Status st;
  a = n;
  MPI_Send(&a, 1, MPI_DOUBLE, p, 0, MPI_COMM_WORLD);
  for (int i = 0; i < n; ++i) s += i;
  MPI_Recv(b, 4, MPI_DOUBLE, p, 1, MPI_COMM_WORLD, &st);
  s += b[0] + st.MPI_TAG;
  a = 1;
  *out = s + a;
}
)cpp",
            "f", [](const BlockOrder &B, ASTContext &Ctx) {
              ASSERT_EQ(B.Items.size(), 11u);
              for (unsigned I : {3u, 6u}) {
                ASSERT_TRUE(B.Items[I].Split);
                EXPECT_EQ(B.Items[I].Split->Is, SplitCall::Start);
                EXPECT_EQ(B.Items[I].Role, CommRole::Start);
                ASSERT_TRUE(B.Items[I + 1].Split);
                EXPECT_EQ(B.Items[I + 1].Split->Is, SplitCall::Completion);
                EXPECT_EQ(B.Items[I + 1].Role, CommRole::Completion);
                EXPECT_EQ(B.Items[I].S, B.Items[I + 1].S);
                EXPECT_TRUE(B.Orders.precedes(I, I + 1));
              }
              EXPECT_EQ(B.Items[3].Split->StartAs->Name, "MPI_Isend");
              EXPECT_EQ(B.Items[6].Split->StartAs->Name, "MPI_Irecv");
              // Only the start matches messages; only the completion
              // writes the status.
              EXPECT_EQ(B.Items[6].Matches.size(), 1u);
              EXPECT_TRUE(B.Items[7].Matches.empty());
              const ValueDecl *St = nullptr;
              for (const ValueDecl *D : B.Items[7].Writes)
                if (D->getName() == "st")
                  St = D;
              ASSERT_NE(St, nullptr);
              EXPECT_FALSE(B.Items[6].Writes.contains(St));
              EXPECT_TRUE(B.Orders.precedes(2, 3)); // a = n; then its send
              EXPECT_TRUE(B.Orders.precedes(4, 9)); // then a = 1
              EXPECT_TRUE(B.Orders.precedes(7, 8)); // b is read after
              EXPECT_EQ(B.Order, (std::vector<unsigned>{0, 2, 3, 1, 6, 5, 7, 8,
                                                        4, 9, 10}))
                  << orderText(B, Ctx);
            });
}

TEST(BlockOrder, ACallWhoseArgumentsHaveEffectsIsNotSplit) {
  // Its arguments would be evaluated at the start and the status at the
  // completion: a call with side effects in them keeps its shape, as does
  // one whose result is used, and a nonblocking call.
  withBlock(R"cpp(
#include <mpi.h>
void f(int p, double *x, int n) {
  int k = 0;
  MPI_Request r;
  MPI_Send(x, k++, MPI_DOUBLE, p, 0, MPI_COMM_WORLD);
  int err = MPI_Recv(x, n, MPI_DOUBLE, p, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Isend(x, n, MPI_DOUBLE, p, 1, MPI_COMM_WORLD, &r);
  (void)MPI_Ssend(x, n, MPI_DOUBLE, p, 2, MPI_COMM_WORLD);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
}
)cpp",
            "f", [](const BlockOrder &B, ASTContext &Ctx) {
              ASSERT_EQ(B.Items.size(), 8u) << orderText(B, Ctx);
              EXPECT_FALSE(B.Items[2].Split);
              EXPECT_EQ(B.Items[2].Role, CommRole::Blocking);
              EXPECT_FALSE(B.Items[3].Split);
              EXPECT_FALSE(B.Items[4].Split);
              ASSERT_TRUE(B.Items[5].Split); // a cast to void is no use
              EXPECT_EQ(B.Items[5].Split->StartAs->Name, "MPI_Issend");
            });
}

TEST(BlockOrder, ALoopOfStartsIsAStartAndALoopOfWaitsACompletion) {
  // A halo exchange written as a loop over neighbours moves as one start;
  // work on other data runs while its messages travel.
  withBlock(
      R"cpp(
#include <mpi.h>
void f(const int *nbr, double *out) {
  double edge[2] = {1, 2}, ghost[2], w = 0;
  MPI_Request req[4];
  for (int i = 0; i < 100; ++i) w += i * 0.5;
  for (int d = 0; d < 2; ++d) {
    MPI_Irecv(&ghost[d], 1, MPI_DOUBLE, nbr[d], d, MPI_COMM_WORLD, &req[d]);
    MPI_Isend(&edge[d], 1, MPI_DOUBLE, nbr[d], 1 - d, MPI_COMM_WORLD,
              &req[2 + d]);
  }
  for (int d = 0; d < 4; ++d)
    MPI_Wait(&req[d], MPI_STATUS_IGNORE);
  out[0] = ghost[0] + ghost[1];
  out[1] = w;
  for (int d = 0; d < 2; ++d) {
    MPI_Irecv(&ghost[d], 1, MPI_DOUBLE, nbr[d], d, MPI_COMM_WORLD, &req[d]);
    MPI_Wait(&req[d], MPI_STATUS_IGNORE);
  }
}
)cpp",
      "f", [](const BlockOrder &B, ASTContext &Ctx) {
        ASSERT_EQ(B.Items.size(), 8u);
        EXPECT_EQ(B.Items[3].Role, CommRole::Start);
        EXPECT_EQ(B.Items[3].MPI, nullptr); // a loop, not one call
        EXPECT_EQ(B.Items[4].Role, CommRole::Completion);
        EXPECT_EQ(B.Items[7].Role, CommRole::Blocking);
        EXPECT_FALSE(B.Items[3].Barrier) << B.Items[3].Why;
        // The loop of waits writes ghost (the receives' buffers).
        EXPECT_TRUE(B.Orders.precedes(4, 5));
        // The exchange starts before w's loop; its waits come after
        // w's loop and before the reads of ghost.
        EXPECT_EQ(B.Order, (std::vector<unsigned>{0, 1, 3, 2, 4, 5, 6, 7}))
            << orderText(B, Ctx);
      });
}

TEST(BlockOrder, CallsHaveTheirFunctionsEffects) {
  // A call to a function of the file reads and writes what its body does
  // through its parameters and to globals; one it cannot see through is a
  // barrier, with the reason from inside.
  withBlock(R"cpp(
#include <mpi.h>
#include <stdio.h>
double g_total;
static void scale(double *v, int n, double a) {
  for (int i = 0; i < n; ++i) v[i] *= a;
}
static double sum(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) s += v[i];
  return s;
}
static void add_total(double x) { g_total += x; }
static void walk(double *v, int n) { while (n--) *v++ = 0; }
static void report(double x) { printf("%f\n", x); }
static int fact(int n) { return n < 2 ? 1 : n * fact(n - 1); }
struct Field {
  double u[8];
  void relax() { for (int i = 1; i < 8; ++i) u[i] = 0.5 * (u[i] + u[i - 1]); }
};
double f(int peer) {
  double halo[2], mine[4] = {1, 2, 3, 4}, other[4] = {0}, *p = other, s;
  Field fld = {};
  MPI_Request r;
  MPI_Irecv(halo, 2, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  scale(mine, 4, 2.0);
  s = sum(mine, 4);
  add_total(s);
  fld.relax();
  walk(other, 4);
  scale(halo, 2, 3.0);
  report(halo[0]);
  s += fact(4) + *p;
  return s;
}
)cpp",
            "f", [](const BlockOrder &B, ASTContext &Ctx) {
              ASSERT_EQ(B.Items.size(), 14u);
              // scale(mine) writes mine, not halo: the wait moves after it.
              EXPECT_FALSE(B.Items[5].Barrier) << B.Items[5].Why;
              EXPECT_TRUE(B.Items[5].Writes.size() == 1);
              EXPECT_FALSE(B.Items[5].WritesIndirect);
              EXPECT_FALSE(B.Orders.precedes(4, 5));
              // sum reads mine; add_total writes the global g_total, which
              // a pointer may reach.
              EXPECT_FALSE(B.Items[6].ReadsIndirect);
              EXPECT_FALSE(B.Items[7].Barrier) << B.Items[7].Why;
              EXPECT_EQ(B.Items[7].Writes.size(), 1u);
              llvm::SmallPtrSet<const ValueDecl *, 1> None;
              EXPECT_EQ(dependence(B.Items[7], B.Items[9], None),
                        "may access the same memory through a pointer");
              // A method writes its object.
              EXPECT_FALSE(B.Items[8].Barrier) << B.Items[8].Why;
              EXPECT_FALSE(B.Items[8].WritesIndirect);
              EXPECT_FALSE(B.Orders.precedes(4, 8));
              // walk moves its pointer: what it writes is unknown.
              EXPECT_TRUE(B.Items[9].WritesIndirect);
              // scale(halo) needs the wait.
              EXPECT_TRUE(B.Orders.precedes(4, 10));
              EXPECT_TRUE(B.Items[11].Barrier);
              EXPECT_EQ(B.Items[11].Why,
                        "calls 'report', which calls 'printf', whose effects "
                        "are unknown");
              EXPECT_TRUE(B.Items[12].Barrier);
              EXPECT_EQ(B.Items[12].Why,
                        "calls 'fact', which calls 'fact' recursively");
              EXPECT_TRUE(B.Orders.precedes(11, 12));
              // The wait moves down past the calls on other data, to just
              // before walk (whose writes may reach halo).
              EXPECT_EQ(B.Order, (std::vector<unsigned>{0, 2, 3, 1, 5, 6, 7, 8,
                                                        4, 9, 10, 11, 12, 13}))
                  << orderText(B, Ctx);
            });
}

TEST(BlockOrder, EachAllocationIsMemoryOfItsOwn) {
  // A pointer initialized by malloc or new and never changed points only
  // into its own allocation: work on one moves past a wait for another. A
  // copy of such a pointer may reach any allocation; a pointer that moves
  // may reach anything.
  withBlock(R"cpp(
#include <mpi.h>
#include <stdlib.h>
void f(int peer, int n) {
  double *halo = (double *)malloc(2 * sizeof(double));
  double *u = new double[n];
  double *w = (double *)calloc(n, sizeof(double));
  double *c = w;
  double *m = (double *)malloc(n * sizeof(double));
  MPI_Request r;
  m = m + 1;
  MPI_Irecv(halo, 2, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  for (int i = 0; i < n; ++i) u[i] = 2 * i;
  c[0] = 1;
  m[0] = 1;
  u[0] += halo[0];
}
)cpp",
            "f", [](const BlockOrder &B, ASTContext &Ctx) {
              ASSERT_EQ(B.Items.size(), 13u);
              // u's loop writes u only.
              EXPECT_FALSE(B.Items[9].WritesIndirect);
              EXPECT_FALSE(B.Orders.precedes(8, 9));
              // Through a copy, or a pointer that moved: it may be halo.
              EXPECT_TRUE(B.Items[10].WritesIndirect);
              EXPECT_TRUE(B.Orders.precedes(8, 10));
              EXPECT_TRUE(B.Items[11].WritesIndirect);
              EXPECT_TRUE(B.Orders.precedes(8, 11));
              EXPECT_TRUE(B.Orders.precedes(8, 12)); // reads halo
              EXPECT_EQ(B.Order, (std::vector<unsigned>{0, 1, 2, 3, 4, 5, 7, 6,
                                                        9, 8, 10, 11, 12}))
                  << orderText(B, Ctx);
            });
}

TEST(BlockOrder, ALocalReferenceStandsForTheVariableItIsBoundTo) {
  // `o` is run.opts: reading o.on reads run, which the receive does not
  // touch. A reference bound to what a call returns may be anything whose
  // address is let out, as ghost's is.
  withBlock(R"cpp(
#include <mpi.h>
struct Opts { bool on; int n; };
struct Run { Opts opts; double pad[4]; };
Opts &current();
void f(Run &given, int peer) {
  Run run = given;
  double ghost = 0, w = 0;
  double *seen = &ghost;
  const Opts &o = run.opts;
  const Opts &c = current();
  MPI_Request r;
  MPI_Irecv(&ghost, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  if (o.on) w += o.n;
  if (c.on) w += 1;
  w += ghost;
  given.pad[0] = w;
}
)cpp",
            "f", [](const BlockOrder &B, ASTContext &Ctx) {
              ASSERT_EQ(B.Items.size(), 12u);
              EXPECT_FALSE(B.Items[8].ReadsIndirect);
              EXPECT_FALSE(B.Orders.precedes(7, 8));
              EXPECT_TRUE(B.Items[9].ReadsIndirect); // c: what current() gave
              EXPECT_TRUE(B.Orders.precedes(7, 9));
            });
}

} // namespace
