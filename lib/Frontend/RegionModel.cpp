//===- RegionModel.cpp - Olap regions, blocks and MPI call sites ----------===//
//
// One walk over a function body builds its regions, blocks and call sites,
// tracking the guards around each call and the jumps that cross a region's
// boundary.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Frontend/RegionModel.h"
#include "bamboo/Frontend/MPIModel.h"
#include "bamboo/Frontend/PragmaTable.h"
#include "bamboo/Frontend/StmtChildren.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace bamboo {

const Expr *MPICallSite::arg(int Index) const {
  if (!Call || Index < 0 || unsigned(Index) >= Call->getNumArgs())
    return nullptr;
  return Call->getArg(Index);
}

std::vector<const MPICallSite *> Region::receives() const {
  std::vector<const MPICallSite *> Out;
  for (const MPICallSite *C : MPICalls)
    if (C->Info && C->Info->receives())
      Out.push_back(C);
  return Out;
}

std::vector<const MPICallSite *> Region::sends() const {
  std::vector<const MPICallSite *> Out;
  for (const MPICallSite *C : MPICalls)
    if (C->Info && C->Info->sends())
      Out.push_back(C);
  return Out;
}

std::vector<const MPICallSite *> Region::waits() const {
  std::vector<const MPICallSite *> Out;
  for (const MPICallSite *C : MPICalls)
    if (C->Info && C->Info->Kind == MPIKind::Wait)
      Out.push_back(C);
  return Out;
}

std::vector<const MPICallSite *> FunctionModel::callsOutsideRegions() const {
  std::vector<const MPICallSite *> Out;
  for (const MPICallSite &C : MPICalls)
    if (!C.InRegion)
      Out.push_back(&C);
  return Out;
}

namespace {

class ModelBuilder {
public:
  ModelBuilder(FunctionModel &M, const PragmaTable &Pragmas, ASTContext &Ctx)
      : M(M), Pragmas(Pragmas), SM(Ctx.getSourceManager()) {}

  void build(const FunctionDecl *FD) {
    M.Decl = FD;
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->isWritten())
          walk(Init->getInit(), nullptr);
    walk(FD->getBody(), nullptr);
    resolveGotos();
  }

private:
  /// A loop or switch that break/continue may target.
  struct JumpTarget {
    const Stmt *S;
    bool IsLoop;
    Region *R;
  };

  template <typename Site> void place(Site &S) {
    S.InRegion = CurrentRegion;
    S.InBlock = CurrentBlock;
    S.Guards = Guards;
    S.GuardsOutsideRegion = CurrentRegion ? RegionGuardDepth : 0;
  }

  void addCall(const CallExpr *CE) {
    MPICallee Callee;
    if (matchMPICall(*CE, SM, Callee)) {
      MPICallSite &Site = M.MPICalls.emplace_back();
      Site.Call = CE;
      Site.Name = Callee.Name;
      Site.Info = Callee.Info;
      place(Site);
      if (CurrentRegion)
        CurrentRegion->MPICalls.push_back(&Site);
      if (CurrentBlock)
        CurrentBlock->MPICalls.push_back(&Site);
      return;
    }
    const FunctionDecl *FD = CE->getDirectCallee();
    if (FD && FD->getBuiltinID())
      return;
    if (!FD && (CE->isTypeDependent() || CE->getCallee()->isTypeDependent()))
      return;
    addUserCall(CE, FD);
  }

  void addUserCall(const Expr *Call, const FunctionDecl *Callee) {
    UserCallSite &Site = M.UserCalls.emplace_back();
    Site.Call = Call;
    Site.Callee = Callee;
    place(Site);
    if (CurrentRegion)
      CurrentRegion->UserCalls.push_back(&Site);
    if (CurrentBlock)
      CurrentBlock->UserCalls.push_back(&Site);
  }

  /// Opens the region or block that a pragma on \p S starts, if any. Returns
  /// what to restore afterwards.
  struct Opened {
    Region *R = nullptr;
    Block *B = nullptr;
  };
  Opened open(const Stmt *S, const Stmt *Parent) {
    Opened Out;
    for (const PragmaRecord *P : Pragmas.pragmasOf(S)) {
      if (P->Function != M.Decl || P->Kind == PragmaKind::NoReorder)
        continue; // noreorder is the reordering's (Reordering.h)
      if (P->Kind == PragmaKind::Olap) {
        if (CurrentRegion || Out.R) {
          M.MisplacedPragmas.push_back(
              {P, CurrentRegion ? CurrentRegion : Out.R});
          continue;
        }
        Region &R = M.Regions.emplace_back();
        R.S = S;
        R.Pragma = P;
        R.Priority = P->Priority;
        Out.R = &R;
        continue;
      }
      // A block sits directly in the region's compound statement, and only
      // one block pragma applies to a statement.
      if (!CurrentRegion || Out.R || CurrentBlock || Out.B ||
          Parent != CurrentRegion->S || !isa<CompoundStmt>(Parent)) {
        M.MisplacedPragmas.push_back({P, nullptr});
        continue;
      }
      Block &B = CurrentRegion->Blocks.emplace_back();
      B.Kind =
          P->Kind == PragmaKind::Send ? BlockKind::Send : BlockKind::Receive;
      B.S = S;
      B.Pragma = P;
      Out.B = &B;
    }
    return Out;
  }

  void walkGuarded(const Stmt *S, const Stmt *Parent, Guard G) {
    Guards.push_back(G);
    walk(S, Parent);
    Guards.pop_back();
  }

  void walk(const Stmt *S, const Stmt *Parent) {
    if (!S)
      return;
    Opened O = open(S, Parent);
    Region *SavedRegion = CurrentRegion;
    Block *SavedBlock = CurrentBlock;
    unsigned SavedDepth = RegionGuardDepth;
    if (O.R) {
      CurrentRegion = O.R;
      RegionGuardDepth = Guards.size();
    }
    if (O.B)
      CurrentBlock = O.B;

    walkInner(S);

    CurrentRegion = SavedRegion;
    CurrentBlock = SavedBlock;
    RegionGuardDepth = SavedDepth;
  }

  void walkChildren(const Stmt *S) {
    for (const Stmt *Child : childStatements(S))
      walk(Child, S);
  }

  void walkLoop(const Stmt *Loop, llvm::ArrayRef<const Stmt *> Before,
                llvm::ArrayRef<const Stmt *> Inside) {
    for (const Stmt *S : Before)
      walk(S, Loop);
    JumpTargets.push_back({Loop, true, CurrentRegion});
    Guards.push_back({Guard::Loop, Loop});
    for (const Stmt *S : Inside)
      walk(S, Loop);
    Guards.pop_back();
    JumpTargets.pop_back();
  }

  void exitRegion(const Stmt *S) {
    if (CurrentRegion)
      CurrentRegion->Exits.push_back(S);
  }

  void walkInner(const Stmt *S) {
    switch (S->getStmtClass()) {
    case Stmt::IfStmtClass: {
      const auto *If = cast<IfStmt>(S);
      walk(If->getInit(), S);
      walk(If->getConditionVariableDeclStmt(), S);
      walk(If->getCond(), S);
      walkGuarded(If->getThen(), S, {Guard::Then, S});
      walkGuarded(If->getElse(), S, {Guard::Else, S});
      return;
    }
    case Stmt::ConditionalOperatorClass: {
      const auto *CO = cast<ConditionalOperator>(S);
      walk(CO->getCond(), S);
      walkGuarded(CO->getTrueExpr(), S, {Guard::Then, S});
      walkGuarded(CO->getFalseExpr(), S, {Guard::Else, S});
      return;
    }
    case Stmt::ForStmtClass: {
      const auto *For = cast<ForStmt>(S);
      walkLoop(S, {For->getInit()},
               {For->getConditionVariableDeclStmt(), For->getCond(),
                For->getBody(), For->getInc()});
      return;
    }
    case Stmt::CXXForRangeStmtClass: {
      const auto *For = cast<CXXForRangeStmt>(S);
      walkLoop(S,
               {For->getInit(), For->getRangeStmt(), For->getBeginStmt(),
                For->getEndStmt()},
               {For->getCond(), For->getLoopVarStmt(), For->getBody(),
                For->getInc()});
      return;
    }
    case Stmt::WhileStmtClass: {
      const auto *While = cast<WhileStmt>(S);
      walkLoop(S, {},
               {While->getConditionVariableDeclStmt(), While->getCond(),
                While->getBody()});
      return;
    }
    case Stmt::DoStmtClass: {
      const auto *Do = cast<DoStmt>(S);
      walkLoop(S, {}, {Do->getBody(), Do->getCond()});
      return;
    }
    case Stmt::SwitchStmtClass: {
      const auto *Switch = cast<SwitchStmt>(S);
      walk(Switch->getInit(), S);
      walk(Switch->getConditionVariableDeclStmt(), S);
      walk(Switch->getCond(), S);
      JumpTargets.push_back({S, false, CurrentRegion});
      Switches.push_back(CurrentRegion);
      walkGuarded(Switch->getBody(), S, {Guard::Switch, S});
      Switches.pop_back();
      JumpTargets.pop_back();
      return;
    }
    case Stmt::CaseStmtClass:
    case Stmt::DefaultStmtClass:
      // A case label inside a region, of a switch outside it, jumps in.
      if (CurrentRegion && !Switches.empty() &&
          Switches.back() != CurrentRegion)
        M.Entries.push_back({S, CurrentRegion});
      walkChildren(S);
      return;
    case Stmt::LabelStmtClass:
      LabelRegions[cast<LabelStmt>(S)->getDecl()] = CurrentRegion;
      walkChildren(S);
      return;
    case Stmt::GotoStmtClass:
      Gotos.push_back({cast<GotoStmt>(S), CurrentRegion});
      return;
    case Stmt::IndirectGotoStmtClass:
      exitRegion(S);
      walkChildren(S);
      return;
    case Stmt::ReturnStmtClass:
      exitRegion(S);
      walkChildren(S);
      return;
    case Stmt::BreakStmtClass:
    case Stmt::ContinueStmtClass: {
      bool IsContinue = isa<ContinueStmt>(S);
      for (auto It = JumpTargets.rbegin(); It != JumpTargets.rend(); ++It) {
        if (IsContinue && !It->IsLoop)
          continue;
        if (CurrentRegion && It->R != CurrentRegion)
          exitRegion(S);
        break;
      }
      return;
    }
    case Stmt::CXXTryStmtClass:
      TryRegions.push_back(CurrentRegion);
      walk(cast<CXXTryStmt>(S)->getTryBlock(), S);
      TryRegions.pop_back();
      for (unsigned I = 0, N = cast<CXXTryStmt>(S)->getNumHandlers(); I < N;
           ++I)
        walk(cast<CXXTryStmt>(S)->getHandler(I), S);
      return;
    case Stmt::CXXThrowExprClass:
      // Caught inside the region only if a try block inside it is open.
      if (CurrentRegion &&
          (TryRegions.empty() || TryRegions.back() != CurrentRegion))
        exitRegion(S);
      walkChildren(S);
      return;
    case Stmt::LambdaExprClass:
      // The lambda's body is a function of its own; only its captures'
      // initializers run here.
      for (const Expr *Init : cast<LambdaExpr>(S)->capture_inits())
        walk(Init, S);
      return;
    case Stmt::CXXConstructExprClass:
    case Stmt::CXXTemporaryObjectExprClass: {
      const auto *Construct = cast<CXXConstructExpr>(S);
      if (const CXXConstructorDecl *Ctor = Construct->getConstructor();
          Ctor && !Ctor->isTrivial() &&
          !SM.isInSystemHeader(SM.getExpansionLoc(Ctor->getLocation())))
        addUserCall(Construct, Ctor);
      walkChildren(S);
      return;
    }
    default:
      if (const auto *CE = dyn_cast<CallExpr>(S))
        addCall(CE);
      walkChildren(S);
      return;
    }
  }

  void resolveGotos() {
    for (auto [Goto, From] : Gotos) {
      auto It = LabelRegions.find(Goto->getLabel());
      Region *To = It == LabelRegions.end() ? nullptr : It->second;
      if (From && To != From)
        From->Exits.push_back(Goto);
      else if (To && To != From)
        M.Entries.push_back({Goto, To});
    }
  }

  FunctionModel &M;
  const PragmaTable &Pragmas;
  const SourceManager &SM;

  Region *CurrentRegion = nullptr;
  Block *CurrentBlock = nullptr;
  unsigned RegionGuardDepth = 0;
  std::vector<Guard> Guards;
  std::vector<JumpTarget> JumpTargets;
  std::vector<Region *> Switches;   ///< region around each open switch
  std::vector<Region *> TryRegions; ///< region around each open try block
  llvm::DenseMap<const LabelDecl *, Region *> LabelRegions;
  std::vector<std::pair<const GotoStmt *, Region *>> Gotos;
};

class FunctionCollector : public RecursiveASTVisitor<FunctionCollector> {
public:
  FunctionCollector(const SourceManager &SM,
                    std::vector<const FunctionDecl *> &Out)
      : SM(SM), Out(Out) {}

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody())
      return true;
    // Lambda bodies are reached through their LambdaExpr.
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
        MD && MD->getParent()->isLambda())
      return true;
    add(FD);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    add(LE->getCallOperator());
    return true;
  }

private:
  void add(const FunctionDecl *FD) {
    if (!FD || !FD->getBody())
      return;
    SourceLocation Loc = SM.getExpansionLoc(FD->getBody()->getBeginLoc());
    if (Loc.isValid() && !SM.isInSystemHeader(Loc))
      Out.push_back(FD);
  }

  const SourceManager &SM;
  std::vector<const FunctionDecl *> &Out;
};

} // namespace

std::unique_ptr<FunctionModel> buildFunctionModel(const FunctionDecl *FD,
                                                  const PragmaTable &Pragmas,
                                                  ASTContext &Ctx) {
  auto M = std::make_unique<FunctionModel>();
  ModelBuilder(*M, Pragmas, Ctx).build(FD);
  return M;
}

std::vector<const FunctionDecl *> userFunctions(ASTContext &Ctx) {
  std::vector<const FunctionDecl *> Out;
  const SourceManager &SM = Ctx.getSourceManager();
  FunctionCollector(SM, Out).TraverseAST(Ctx);
  llvm::stable_sort(Out, [&](const FunctionDecl *A, const FunctionDecl *B) {
    return SM.isBeforeInTranslationUnit(
        SM.getExpansionLoc(A->getBody()->getBeginLoc()),
        SM.getExpansionLoc(B->getBody()->getBeginLoc()));
  });
  return Out;
}

} // namespace bamboo
