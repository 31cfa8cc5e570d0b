//===- OutsideCalls.cpp - MPI calls that no function body holds -----------===//

#include "bamboo/Frontend/OutsideCalls.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace bamboo {

namespace {

class Finder : public RecursiveASTVisitor<Finder> {
public:
  Finder(ASTContext &Ctx, const llvm::DenseSet<const CallExpr *> &InFunctions)
      : Ctx(Ctx), InFunctions(InFunctions) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  // A lambda's body is a function of the model.
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseFunctionDecl(FunctionDecl *FD) {
    return traverseSignature(
        FD, [&] { return RecursiveASTVisitor::TraverseFunctionDecl(FD); });
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *MD) {
    return traverseSignature(
        MD, [&] { return RecursiveASTVisitor::TraverseCXXMethodDecl(MD); });
  }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *CD) {
    return traverseSignature(CD, [&] {
      return RecursiveASTVisitor::TraverseCXXConstructorDecl(CD);
    });
  }
  bool TraverseVarDecl(VarDecl *VD) {
    const VarDecl *Saved = Constant;
    if (VD->hasGlobalStorage() && !VD->isLocalVarDeclOrParm() &&
        (VD->isConstexpr() || VD->getType().isConstant(Ctx)))
      Constant = VD;
    bool Result = RecursiveASTVisitor::TraverseVarDecl(VD);
    Constant = Saved;
    return Result;
  }
  bool VisitCallExpr(CallExpr *Call) {
    const SourceManager &SM = Ctx.getSourceManager();
    MPICallee Callee;
    if (InFunctions.contains(Call) ||
        SM.isInSystemHeader(SM.getFileLoc(Call->getBeginLoc())) ||
        !matchMPICall(*Call, SM, Callee))
      return true;
    Found.push_back({Call, Callee, Constant});
    return true;
  }

  std::vector<OutsideMPICall> Found;

private:
  /// A function's body is its model's; its default arguments are not.
  template <class F> bool traverseSignature(FunctionDecl *FD, F Traverse) {
    if (!FD->doesThisDeclarationHaveABody())
      return Traverse();
    for (ParmVarDecl *P : FD->parameters())
      if (!TraverseDecl(P))
        return false;
    return true;
  }

  ASTContext &Ctx;
  const llvm::DenseSet<const CallExpr *> &InFunctions;
  const VarDecl *Constant = nullptr;
};

} // namespace

std::vector<OutsideMPICall> findMPICallsOutsideFunctions(
    ASTContext &Ctx, const llvm::DenseSet<const CallExpr *> &InFunctions) {
  Finder F(Ctx, InFunctions);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(F.Found);
}

} // namespace bamboo
