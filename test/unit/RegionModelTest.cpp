//===- RegionModelTest.cpp - Tests of the region model --------------------===//
//
// Regions, blocks, call sites and their guards, as the code generator will
// read them.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"
#include "bamboo/Frontend/Explain.h"
#include "bamboo/Frontend/MPIModel.h"
#include "bamboo/Frontend/PragmaTable.h"
#include "bamboo/Frontend/SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace bamboo;

namespace {

const char *const Halo = R"cpp(
#include <mpi.h>
void halo(double *u, int n, int rank, int size) {
  MPI_Request reqs[2];
  int count = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#pragma bamboo olap priority(2)
  {
#pragma bamboo receive
    {
      if (rank > 0)
        MPI_Irecv(&u[0], 1, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD,
                  &reqs[count++]);
      for (int i = 1; i < 2; ++i)
        MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, rank + i, 1, MPI_COMM_WORLD,
                  &reqs[count++]);
    }
#pragma bamboo send
    {
      MPI_Send(&u[1], 1, MPI_DOUBLE, rank - 1, 1, MPI_COMM_WORLD);
    }
    MPI_Waitall(count, reqs, MPI_STATUSES_IGNORE);
  }
  MPI_Barrier(MPI_COMM_WORLD);
}
int main() { return 0; }
)cpp";

TEST(RegionModel, RegionsBlocksAndCalls) {
  bool Ran = false;
  test::Analysis A = test::analyze(Halo, [&](TranslationUnitModel &TU) {
    Ran = true;
    ASTContext &Ctx = TU.context();
    const FunctionModel *F = TU.modelOf(test::findFunction(Ctx, "halo"));
    ASSERT_NE(F, nullptr);
    ASSERT_EQ(F->Regions.size(), 1u);
    const Region &R = F->Regions.front();
    EXPECT_EQ(R.Priority, 2);
    EXPECT_EQ(R.Pragma->Kind, PragmaKind::Olap);
    EXPECT_EQ(R.S, R.Pragma->Statement);
    EXPECT_TRUE(isa<CompoundStmt>(R.S));

    ASSERT_EQ(R.Blocks.size(), 2u);
    EXPECT_EQ(R.Blocks[0].Kind, BlockKind::Receive);
    EXPECT_EQ(R.Blocks[1].Kind, BlockKind::Send);
    EXPECT_EQ(R.Blocks[0].MPICalls.size(), 2u);
    EXPECT_EQ(R.Blocks[1].MPICalls.size(), 1u);

    // Every call of the region, in source order, in or out of blocks.
    std::vector<std::string> Names;
    for (const MPICallSite *C : R.MPICalls)
      Names.push_back(C->Name.str());
    EXPECT_EQ(Names, (std::vector<std::string>{"MPI_Irecv", "MPI_Irecv",
                                               "MPI_Send", "MPI_Waitall"}));
    EXPECT_EQ(R.receives().size(), 2u);
    EXPECT_EQ(R.sends().size(), 1u);
    ASSERT_EQ(R.waits().size(), 1u);
    EXPECT_EQ(R.waits()[0]->InBlock, nullptr);
    EXPECT_EQ(R.waits()[0]->InRegion, &R);

    // Calls outside the region.
    std::vector<std::string> Outside;
    for (const MPICallSite *C : F->callsOutsideRegions())
      Outside.push_back(C->Name.str());
    EXPECT_EQ(Outside,
              (std::vector<std::string>{"MPI_Comm_rank", "MPI_Barrier"}));
    EXPECT_EQ(F->MPICalls.size(), 6u);
  });
  EXPECT_TRUE(Ran);
  EXPECT_TRUE(A.Ok);
  EXPECT_TRUE(A.Diagnostics.empty());
}

TEST(RegionModel, ArgumentRolesAndGuards) {
  test::analyze(Halo, [](TranslationUnitModel &TU) {
    ASTContext &Ctx = TU.context();
    const FunctionModel *F = TU.modelOf(test::findFunction(Ctx, "halo"));
    ASSERT_NE(F, nullptr);
    const Region &R = F->Regions.front();
    const MPICallSite *First = R.receives()[0];
    const MPICallSite *Second = R.receives()[1];
    EXPECT_EQ(sourceText(First->arg(First->Info->Args.Source), Ctx),
              "rank - 1");
    EXPECT_EQ(sourceText(First->arg(First->Info->Args.RecvBuf), Ctx), "&u[0]");
    EXPECT_EQ(First->arg(First->Info->Args.Dest), nullptr);

    ASSERT_EQ(First->guardsInRegion().size(), 1u);
    EXPECT_EQ(First->guardsInRegion()[0].Kind, Guard::Then);
    EXPECT_EQ(describeGuard(First->guardsInRegion()[0], TU), "if (rank > 0)");
    ASSERT_EQ(Second->guardsInRegion().size(), 1u);
    EXPECT_EQ(Second->guardsInRegion()[0].Kind, Guard::Loop);
    EXPECT_EQ(describeGuard(Second->guardsInRegion()[0], TU),
              "for (int i = 1; i < 2; ++i)");
    EXPECT_EQ(describeCall(*Second, /*ReceiveSide=*/true, TU),
              "MPI_Irecv from rank + i tag 1 on MPI_COMM_WORLD");
  });
}

TEST(RegionModel, GuardsOutsideTheRegionAreNotItsOwn) {
  test::analyze(R"cpp(
#include <mpi.h>
void f(int *x, int n) {
  for (int step = 0; step < n; ++step) {
    if (step % 2)
#pragma bamboo olap
      MPI_Recv(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
}
)cpp",
                [](TranslationUnitModel &TU) {
                  const FunctionModel *F =
                      TU.modelOf(test::findFunction(TU.context(), "f"));
                  ASSERT_NE(F, nullptr);
                  ASSERT_EQ(F->Regions.size(), 1u);
                  const MPICallSite *Recv = F->Regions.front().receives().at(0);
                  EXPECT_EQ(Recv->Guards.size(), 2u);
                  EXPECT_TRUE(Recv->guardsInRegion().empty());
                });
}

TEST(RegionModel, JumpsAndMisplacedPragmasAreRecorded) {
  test::Analysis A = test::analyze(
      R"cpp(
void f(int n) {
  while (n) {
#pragma bamboo olap
    {
      if (n == 1) break;
      if (n == 2) return;
#pragma bamboo olap
      {}
    }
#pragma bamboo send
    {}
  }
}
)cpp",
      [](TranslationUnitModel &TU) {
        const FunctionModel *F =
            TU.modelOf(test::findFunction(TU.context(), "f"));
        ASSERT_NE(F, nullptr);
        ASSERT_EQ(F->Regions.size(), 1u);
        EXPECT_EQ(F->Regions.front().Exits.size(), 2u);
        ASSERT_EQ(F->MisplacedPragmas.size(), 2u);
        EXPECT_EQ(F->MisplacedPragmas[0].Enclosing, &F->Regions.front());
        EXPECT_EQ(F->MisplacedPragmas[1].Pragma->Kind, PragmaKind::Send);
      });
  EXPECT_FALSE(A.Ok);
  // break, return, nested olap (each with a note), misplaced send block.
  EXPECT_EQ(A.Diagnostics.size(), 7u);
}

TEST(RegionModel, TemplatesAreModelledAsWritten) {
  test::analyze(R"cpp(
#include <mpi.h>
#include <vector>
template <typename T> void recvAll(std::vector<T> &v, MPI_Datatype t) {
#pragma bamboo olap
  MPI_Recv(v.data(), int(v.size()), t, 0, 0, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
}
void f() {
  std::vector<int> a(3);
  std::vector<double> b(3);
  recvAll(a, MPI_INT);
  recvAll(b, MPI_DOUBLE);
}
)cpp",
                [](TranslationUnitModel &TU) {
                  int Models = 0;
                  for (const auto &F : TU.functions())
                    if (F->Decl->getName() == "recvAll") {
                      ++Models;
                      ASSERT_EQ(F->Regions.size(), 1u);
                      // The dependent call is still recognised by name.
                      ASSERT_EQ(F->MPICalls.size(), 1u);
                      EXPECT_EQ(F->MPICalls.front().Name, "MPI_Recv");
                      EXPECT_TRUE(TU.maySuspend(F->Decl));
                    }
                  EXPECT_EQ(Models, 1);
                });
}

TEST(RegionModel, FunctionsThatMayWaitInSourceOrder) {
  test::analyze(
      R"cpp(
#include <mpi.h>
static int rank() { int r; MPI_Comm_rank(MPI_COMM_WORLD, &r); return r; }
static void pure(double *x) { *x = 1; }
static void exchange(double *x) {
#pragma bamboo olap
  { pure(x); }
}
static void sync() { MPI_Barrier(MPI_COMM_WORLD); }
static void step(double *x) { exchange(x); sync(); }
int main() { double x; step(&x); return rank(); }
)cpp",
      [](TranslationUnitModel &TU) {
        ASTContext &Ctx = TU.context();
        std::vector<std::string> Waiting;
        for (const FunctionDecl *FD : TU.suspendingFunctions())
          Waiting.push_back(FD->getNameAsString());
        // exchange has a region (its end waits) but no waiting MPI call.
        EXPECT_EQ(Waiting, (std::vector<std::string>{"exchange", "sync", "step",
                                                     "main"}));
        EXPECT_TRUE(TU.reachesMPI(test::findFunction(Ctx, "rank")));
        EXPECT_FALSE(TU.reachesWaitingMPI(test::findFunction(Ctx, "rank")));
        EXPECT_FALSE(TU.maySuspend(test::findFunction(Ctx, "rank")));
        EXPECT_FALSE(TU.reachesMPI(test::findFunction(Ctx, "exchange")));
        EXPECT_TRUE(TU.reachesWaitingMPI(test::findFunction(Ctx, "step")));
      });
}

} // namespace
