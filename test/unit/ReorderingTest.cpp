//===- ReorderingTest.cpp - Tests of the plans code generation emits ------===//
//
// What planBlocks decides for a block (Reordering.h): a split call whose
// halves stay together is one item; a counted loop's leading starts are
// pipelined, with a copy for the next iteration placed by the consensus; a
// loop that could leave early is not.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Frontend/Reordering.h"
#include "TestSupport.h"
#include "bamboo/Frontend/Analysis.h"

#include "clang/AST/Decl.h"
#include "clang/AST/StmtCXX.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace bamboo;

namespace {

/// Runs \p Check on the plans of \p Code's blocks.
void withPlans(
    llvm::StringRef Code,
    std::function<void(llvm::ArrayRef<BlockPlan>, ASTContext &)> Check) {
  bool Ran = false;
  test::Analysis A = test::analyze(Code, [&](TranslationUnitModel &TU) {
    Check(TU.blockPlans(), TU.context());
    Ran = true;
  });
  EXPECT_TRUE(A.Ok);
  EXPECT_TRUE(Ran);
  for (const std::string &D : A.Diagnostics)
    ADD_FAILURE() << D;
}

/// The plan of the block whose first statement's text starts with \p Text.
const BlockPlan *planStarting(llvm::ArrayRef<BlockPlan> Plans,
                              llvm::StringRef Text, ASTContext &Ctx) {
  for (const BlockPlan &P : Plans)
    if (!P.Items.empty() &&
        llvm::StringRef(test::text(P.Items[0], Ctx)).starts_with(Text))
      return &P;
  return nullptr;
}

TEST(Reordering, ASplitCallWhoseHalvesStayTogetherIsOneItem) {
  // In `whole` the receive's data is needed at once: one item, as written,
  // and the block keeps its order. In `split` there is work to overlap: two
  // items, start and completion, with the work between them.
  withPlans(R"cpp(
#include <mpi.h>
double whole(int p) {
  double x = 0;
  MPI_Recv(&x, 1, MPI_DOUBLE, p, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  x *= 2;
  return x;
}
double split(int p, double w) {
  double y = 0;
  MPI_Recv(&y, 1, MPI_DOUBLE, p, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  w = w * w + 1;
  return y + w;
}
)cpp",
            [](llvm::ArrayRef<BlockPlan> Plans, ASTContext &Ctx) {
              const BlockPlan *W = planStarting(Plans, "double x", Ctx);
              ASSERT_NE(W, nullptr);
              ASSERT_EQ(W->Items.size(), 4u); // decl | Recv | x *= 2 | return
              EXPECT_FALSE(W->Splits[1]);
              EXPECT_EQ(W->Roles[1], CommRole::Blocking);
              EXPECT_FALSE(W->reorders());
              const BlockPlan *S = planStarting(Plans, "double y", Ctx);
              ASSERT_NE(S, nullptr);
              ASSERT_EQ(S->Items.size(), 5u); // decl | start | end | w | return
              ASSERT_TRUE(S->Splits[1]);
              ASSERT_TRUE(S->Splits[2]);
              EXPECT_EQ(S->Splits[1]->Is, SplitCall::Start);
              EXPECT_EQ(S->Splits[2]->Is, SplitCall::Completion);
              EXPECT_EQ(S->Items[1], S->Items[2]);
              EXPECT_EQ(S->Order, (std::vector<unsigned>{0, 1, 3, 2, 4}));
              EXPECT_TRUE(S->reorders());
            });
}

TEST(Reordering, ACountedLoopsLeadingReceiveIsPipelined) {
  withPlans(R"cpp(
#include <mpi.h>
double f(int left, int right, int steps) {
  double ghost = 0, edge = 1, sum = 0, w = 0;
  MPI_Request r[2];
  for (int it = 0; it < steps; ++it) {
    MPI_Irecv(&ghost, 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &r[0]);
    MPI_Isend(&edge, 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    sum += ghost;
    w = w * 0.5 + 1;
    edge = w;
  }
  return sum;
}
)cpp",
            [](llvm::ArrayRef<BlockPlan> Plans, ASTContext &Ctx) {
              const BlockPlan *P = planStarting(Plans, "MPI_Irecv", Ctx);
              ASSERT_NE(P, nullptr);
              ASSERT_TRUE(P->Pipelined);
              EXPECT_EQ(P->Pipelined->Counter->getName(), "it");
              // Written: Irecv Isend Waitall sum w edge, then the copies of
              // both starts for the next iteration.
              ASSERT_EQ(P->Items.size(), 8u);
              using Copy = BlockPlan::Copy;
              EXPECT_EQ(P->copy(0), Copy::Hoisted);
              EXPECT_EQ(P->copy(1), Copy::Hoisted);
              EXPECT_EQ(P->copy(2), Copy::Written);
              EXPECT_EQ(P->copy(6), Copy::Next);
              EXPECT_EQ(P->copy(7), Copy::Next);
              EXPECT_EQ(P->Items[6], P->Items[0]);
              // The receive's copy comes after the wait for its request and
              // the last read of ghost, before the write of edge; the send's
              // after that write.
              std::vector<unsigned> Position(P->Order.size());
              for (unsigned K = 0; K < P->Order.size(); ++K)
                Position[P->Order[K]] = K;
              EXPECT_LT(Position[2], Position[6]);
              EXPECT_LT(Position[3], Position[6]);
              EXPECT_LT(Position[6], Position[5]);
              EXPECT_LT(Position[5], Position[7]);
              EXPECT_TRUE(P->reorders());
            });
}

TEST(Reordering, ALoopThatMayLeaveEarlyIsNotPipelined) {
  // A break, a bound the body changes, a while loop: none is pipelined.
  withPlans(R"cpp(
#include <mpi.h>
double f(int left, int steps) {
  double ghost = 0, sum = 0, w = 0;
  MPI_Request r;
  for (int it = 0; it < steps; ++it) {
    MPI_Irecv(&ghost, 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    sum += ghost;
    if (sum > 100)
      break;
    w += 1;
  }
  for (int it = 0; it < steps; ++it) {
    MPI_Irecv(&ghost, 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    sum += ghost;
    steps -= 1;
    w += 1;
  }
  int it = 0;
  while (it < steps) {
    MPI_Irecv(&ghost, 1, MPI_DOUBLE, left, 2, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    sum += ghost;
    w += 1;
    ++it;
  }
  return sum + w;
}
)cpp",
            [](llvm::ArrayRef<BlockPlan> Plans, ASTContext &) {
              // The three bodies are planned, not pipelined.
              EXPECT_EQ(Plans.size(), 3u);
              for (const BlockPlan &P : Plans) {
                EXPECT_FALSE(P.Pipelined);
                EXPECT_TRUE(P.Copies.empty());
              }
            });
}

} // namespace

TEST(Reordering, ALoopThatFillsASendBufferIsStripMined) {
  // `fill`: the split send's start comes before the loop, which writes its
  // buffer element by element; its completion stays after the loop. `twice`:
  // the loop also writes the count the send reads, so nothing moves past it.
  withPlans(R"cpp(
#include <mpi.h>
void fill(int p, int n) {
  double b[64];
  for (int i = 0; i < 64; ++i)
    b[i] = i * 0.5;
  MPI_Send(b, 64, MPI_DOUBLE, p, 0, MPI_COMM_WORLD);
  n = n + 1;
}
void twice(int p) {
  double c[64];
  int m = 0;
  for (int i = 0; i < 64; ++i) {
    c[i] = i;
    m = i + 1;
  }
  MPI_Send(c, m, MPI_DOUBLE, p, 0, MPI_COMM_WORLD);
  m = 0;
}
)cpp",
            [](llvm::ArrayRef<BlockPlan> Plans, ASTContext &Ctx) {
              const BlockPlan *F = planStarting(Plans, "double b", Ctx);
              ASSERT_NE(F, nullptr);
              ASSERT_EQ(F->StripMined.size(), 1u);
              const BlockPlan::StripMine &M = F->StripMined[0];
              EXPECT_TRUE(isa<ForStmt>(F->Items[M.Loop]));
              ASSERT_TRUE(F->Splits[M.Send]);
              EXPECT_EQ(F->Splits[M.Send]->Is, SplitCall::Start);
              EXPECT_EQ(M.Buffer->getName(), "b");
              EXPECT_EQ(M.Counter->getName(), "i");
              std::vector<unsigned> Position(F->Order.size());
              for (unsigned K = 0; K < F->Order.size(); ++K)
                Position[F->Order[K]] = K;
              EXPECT_LT(Position[M.Send], Position[M.Loop]);
              EXPECT_GT(Position[M.Send + 1], Position[M.Loop]); // the wait
              EXPECT_EQ(F->stripMineOf(M.Loop), &M);
              const BlockPlan *T = planStarting(Plans, "double c", Ctx);
              ASSERT_NE(T, nullptr);
              EXPECT_TRUE(T->StripMined.empty());
            });
}
