//===- Analysis.cpp - The front end's model of a translation unit ---------===//
//
// The order of the stages: bind pragmas, build the call graph (regions mark
// their functions), compute reach sets, model each function, then check.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Frontend/Analysis.h"
#include "Checks.h"
#include "bamboo/Frontend/Diagnostics.h"
#include "bamboo/Frontend/PragmaTable.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace bamboo {

const FunctionModel *
TranslationUnitModel::modelOf(const FunctionDecl *FD) const {
  return ByDecl.lookup(FD);
}

const FunctionDecl *TranslationUnitModel::mainFunction() const {
  const SourceManager &SM = Ctx->getSourceManager();
  for (const auto &FM : Functions)
    if (FM->Decl->isMain() &&
        SM.isInMainFile(SM.getFileLoc(FM->Decl->getLocation())))
      return FM->Decl;
  return nullptr;
}

bool TranslationUnitModel::reachesMPI(const FunctionDecl *FD) const {
  return Reach.AnyMPI.contains(Graph.lookup(FD));
}

bool TranslationUnitModel::reachesWaitingMPI(const FunctionDecl *FD) const {
  return Reach.WaitingMPI.contains(Graph.lookup(FD));
}

bool TranslationUnitModel::maySuspend(const FunctionDecl *FD) const {
  return Reach.Suspends.contains(Graph.lookup(FD));
}

std::vector<const FunctionDecl *>
TranslationUnitModel::suspendingFunctions() const {
  std::vector<const FunctionDecl *> Out;
  for (const auto &F : Functions)
    if (maySuspend(F->Decl))
      Out.push_back(F->Decl);
  return Out;
}

std::unique_ptr<TranslationUnitModel>
analyzeTranslationUnit(ASTContext &Ctx, PragmaTable &Pragmas, DiagTable &Diags,
                       const AnalysisInputs &Inputs) {
  auto TU = std::make_unique<TranslationUnitModel>();
  TU->Ctx = &Ctx;
  TU->Pragmas = &Pragmas;
  TU->Includes = Inputs.Includes;

  Pragmas.bind(Ctx, Diags);

  TU->Graph = CallGraph::build(Ctx);
  for (const PragmaRecord &P : Pragmas.pragmas())
    if (P.isBound() && P.Kind == PragmaKind::Olap)
      TU->Graph.node(CallGraph::keyFor(P.Function)).ContainsRegion = true;
  TU->Reach = ReachSets::compute(TU->Graph);

  for (const FunctionDecl *FD : userFunctions(Ctx)) {
    TU->Functions.push_back(buildFunctionModel(FD, Pragmas, Ctx));
    TU->ByDecl[FD] = TU->Functions.back().get();
  }

  llvm::DenseSet<const CallExpr *> InFunctions;
  for (const auto &F : TU->Functions)
    for (const MPICallSite &Site : F->MPICalls)
      InFunctions.insert(Site.Call);
  TU->Outside = findMPICallsOutsideFunctions(Ctx, InFunctions);

  checkMPIFunctionReferences(Ctx, Diags);
  checkOutsideCalls(TU->Outside, Diags);
  llvm::DenseSet<const CallGraph::Node *> Runnable =
      runnableFunctions(Ctx, TU->Graph);
  for (const auto &F : TU->Functions) {
    checkMPICalls(Ctx, *F, Runnable.contains(TU->Graph.lookup(F->Decl)), Diags);
    checkRegions(Ctx, *F, TU->Graph, TU->Reach, Pragmas, Diags);
  }
  if (Diags.errorCount() == 0) { // a refused program is not translated
    CallSummaries Summaries(Ctx);
    for (const auto &F : TU->Functions)
      for (BlockPlan &P : planBlocks(*F, Pragmas, Ctx, Summaries))
        TU->Plans.push_back(std::move(P));
  }
  return TU;
}

} // namespace bamboo
