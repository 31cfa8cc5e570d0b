//===- PragmaTableTest.cpp - Tests of pragma recording and binding --------===//
//
// What the handler records (word, clauses, locations) and which statement
// each pragma binds to.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Frontend/PragmaTable.h"
#include "TestSupport.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace bamboo;

namespace {

unsigned line(SourceLocation Loc, const ASTContext &Ctx) {
  return Ctx.getSourceManager().getPresumedLineNumber(Loc);
}

TEST(PragmaTable, RecordsWordsClausesAndLocations) {
  test::Analysis A = test::analyze(
      R"cpp(
void f() {
#pragma bamboo olap priority(5)
  {
  #pragma   bamboo receive
    {}
#pragma bamboo send
    {}
  }
}
)cpp",
      [](TranslationUnitModel &TU) {
        ASTContext &Ctx = TU.context();
        llvm::ArrayRef<PragmaRecord> P = TU.pragmas().pragmas();
        ASSERT_EQ(P.size(), 3u);
        EXPECT_EQ(P[0].Kind, PragmaKind::Olap);
        EXPECT_EQ(P[0].Priority, 5);
        EXPECT_EQ(line(P[0].HashLoc, Ctx), 3u);
        EXPECT_EQ(Ctx.getSourceManager().getPresumedColumnNumber(P[0].WordLoc),
                  16u);
        EXPECT_EQ(P[1].Kind, PragmaKind::Receive);
        EXPECT_EQ(Ctx.getSourceManager().getPresumedColumnNumber(P[1].WordLoc),
                  20u);
        EXPECT_FALSE(P[1].Priority);
        EXPECT_EQ(P[2].Kind, PragmaKind::Send);
        for (const PragmaRecord &R : P) {
          EXPECT_TRUE(R.isBound());
          EXPECT_FALSE(R.Malformed);
          EXPECT_EQ(R.Function, test::findFunction(Ctx, "f"));
          EXPECT_TRUE(isa<CompoundStmt>(R.Statement));
          EXPECT_EQ(line(R.Statement->getBeginLoc(), Ctx),
                    line(R.HashLoc, Ctx) + 1);
        }
      });
  EXPECT_TRUE(A.Ok);
  EXPECT_TRUE(A.Diagnostics.empty());
}

TEST(PragmaTable, BindsToTheNextStatementOfTheSameBlock) {
  test::analyze(
      R"cpp(
int f(int x) {
  x = 1;
#pragma bamboo olap
  x += 2;
  if (x)
#pragma bamboo olap
    x--;
  else
#pragma bamboo olap
    for (;;) break;
  return x;
}
)cpp",
      [](TranslationUnitModel &TU) {
        ASTContext &Ctx = TU.context();
        llvm::ArrayRef<PragmaRecord> P = TU.pragmas().pragmas();
        ASSERT_EQ(P.size(), 3u);
        EXPECT_EQ(test::text(P[0].Statement, Ctx), "x += 2");
        EXPECT_EQ(test::text(P[1].Statement, Ctx), "x--");
        EXPECT_TRUE(isa<ForStmt>(P[2].Statement));
        EXPECT_EQ(TU.pragmas().find(P[0].Statement, PragmaKind::Olap), &P[0]);
        EXPECT_EQ(TU.pragmas().find(P[0].Statement, PragmaKind::Send), nullptr);
      });
}

TEST(PragmaTable, LambdaBodiesBelongToTheLambda) {
  test::analyze(R"cpp(
void f() {
  auto g = [] {
#pragma bamboo olap
    {}
  };
  g();
}
)cpp",
                [](TranslationUnitModel &TU) {
                  llvm::ArrayRef<PragmaRecord> P = TU.pragmas().pragmas();
                  ASSERT_EQ(P.size(), 1u);
                  ASSERT_TRUE(P[0].isBound());
                  const auto *MD = dyn_cast<CXXMethodDecl>(P[0].Function);
                  ASSERT_NE(MD, nullptr);
                  EXPECT_TRUE(MD->getParent()->isLambda());
                });
}

TEST(PragmaTable, UnboundPragmasAreErrors) {
  test::Analysis A =
      test::analyze(R"cpp(
#pragma bamboo olap
struct S {
#pragma bamboo olap
};
void f() {
#pragma bamboo olap
  int x = 0;
  (void)x;
#pragma bamboo send
}
)cpp",
                    [](TranslationUnitModel &TU) {
                      for (const PragmaRecord &R : TU.pragmas().pragmas())
                        EXPECT_FALSE(R.isBound());
                    });
  EXPECT_FALSE(A.Ok);
  EXPECT_EQ(A.Diagnostics,
            (std::vector<std::string>{
                "2:16: error: '#pragma bamboo olap' outside a function body",
                "4:16: error: '#pragma bamboo olap' outside a function body",
                "7:16: error: '#pragma bamboo olap' must be followed by a "
                "statement, not a declaration",
                "10:16: error: '#pragma bamboo send' must be followed by a "
                "statement"}));
}

TEST(PragmaTable, MalformedClausesStillBind) {
  test::Analysis A = test::analyze(R"cpp(
void f() {
#pragma bamboo olap priority(x)
  {
#pragma bamboo receive
    {}
  }
}
)cpp",
                                   [](TranslationUnitModel &TU) {
                                     llvm::ArrayRef<PragmaRecord> P =
                                         TU.pragmas().pragmas();
                                     ASSERT_EQ(P.size(), 2u);
                                     EXPECT_TRUE(P[0].Malformed);
                                     EXPECT_TRUE(P[0].isBound());
                                     EXPECT_FALSE(P[0].Priority);
                                   });
  // One error, no cascade into "receive not inside an olap region".
  EXPECT_EQ(A.Diagnostics, (std::vector<std::string>{
                               "3:30: error: priority must be an integer "
                               "literal"}));
}

TEST(PragmaTable, PragmasInDisabledCodeAreIgnored) {
  test::Analysis A =
      test::analyze(R"cpp(
void f() {
#if 0
#pragma bamboo bogus
#endif
}
)cpp",
                    [](TranslationUnitModel &TU) {
                      EXPECT_TRUE(TU.pragmas().pragmas().empty());
                    });
  EXPECT_TRUE(A.Ok);
}

} // namespace
