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
                                               10, 11, 13, 14}))
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
  // An unknown call, I/O and a collective: nothing crosses them.
  withBlock(R"cpp(
#include <mpi.h>
#include <stdio.h>
void g(double *);
void f(int peer) {
  double a[2], t = 0;
  MPI_Request r;
  g(a);
  t = t + 1;
  MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Irecv(a, 2, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  printf("%f\n", t);
}
)cpp",
            "f", [](const BlockOrder &B, ASTContext &Ctx) {
              ASSERT_EQ(B.Items.size(), 8u);
              EXPECT_TRUE(B.Items[2].Barrier);
              EXPECT_NE(B.Items[2].Why.find("'g'"), std::string::npos)
                  << B.Items[2].Why;
              EXPECT_TRUE(B.Items[4].Barrier);
              EXPECT_NE(B.Items[4].Why.find("MPI_Allreduce"), std::string::npos)
                  << B.Items[4].Why;
              EXPECT_TRUE(B.Items[7].Barrier);
              EXPECT_EQ(B.Order,
                        (std::vector<unsigned>{0, 1, 2, 3, 4, 5, 6, 7}));
              // The receive would start before the allreduce; a chain of
              // kept edges says why it did not.
              bool Held = false;
              for (const auto &R : B.Orders.rejections())
                Held |= R.Before == 5 && R.After == 4;
              EXPECT_TRUE(Held);
            });
}

TEST(BlockOrder, MatchingOrderAndBlockingCallsStay) {
  // Two receives that may match the same message (same tag, unknown
  // peers) keep their order against the tag preference; a blocking send
  // keeps its place among communication.
  withBlock(R"cpp(
#include <mpi.h>
void f(int p, int q, double *x) {
  double a, b, c;
  MPI_Request r[3];
  MPI_Send(x, 1, MPI_DOUBLE, p, 9, MPI_COMM_WORLD);
  MPI_Irecv(&a, 1, MPI_DOUBLE, p, 5, MPI_COMM_WORLD, &r[0]);
  MPI_Irecv(&b, 1, MPI_DOUBLE, q, 5, MPI_COMM_WORLD, &r[1]);
  MPI_Irecv(&c, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 4, MPI_COMM_WORLD, &r[2]);
  MPI_Waitall(3, r, MPI_STATUSES_IGNORE);
}
)cpp",
            "f", [](const BlockOrder &B, ASTContext &Ctx) {
              ASSERT_EQ(B.Items.size(), 7u);
              EXPECT_EQ(B.Items[2].Role, CommRole::Blocking);
              EXPECT_TRUE(B.Orders.precedes(2, 3)); // blocking first
              EXPECT_TRUE(B.Orders.precedes(3, 4)); // same tag: MPI order
              EXPECT_TRUE(B.Orders.precedes(4, 5)); // wildcard: MPI order
              EXPECT_EQ(B.Order, (std::vector<unsigned>{0, 1, 2, 3, 4, 5, 6}));
            });
}

} // namespace
