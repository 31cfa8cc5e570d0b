//===- TaskLowering.cpp - Functions that wait become coroutines -----------===//
//
// A function that becomes a task returns bamboo::Task<R> (in every
// declaration of it), its returns become co_return, and every call of it is
// awaited. Lambdas that become tasks get a trailing return type.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"
#include "RewriteSession.h"

#include "bamboo/Frontend/MPIModel.h"
#include "bamboo/Frontend/SourceText.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

#include <set>

using namespace clang;

namespace bamboo::codegen {

namespace {

/// The return statements of one function body: not those of lambdas or local
/// classes inside it.
class ReturnCollector : public RecursiveASTVisitor<ReturnCollector> {
public:
  std::vector<const ReturnStmt *> Returns;
  bool VisitReturnStmt(ReturnStmt *R) {
    Returns.push_back(R);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }
};

/// The lambda expressions of the main file, by call operator.
class LambdaCollector : public RecursiveASTVisitor<LambdaCollector> {
public:
  llvm::DenseMap<const CXXMethodDecl *, const LambdaExpr *> ByOperator;
  bool VisitLambdaExpr(LambdaExpr *L) {
    ByOperator[L->getCallOperator()] = L;
    return true;
  }
};

/// The type a plain `auto` return type deduces from the returns of \p FD as
/// written, if none depends on a template parameter (a template's pattern has
/// no deduced type; its instantiations may each have another).
std::optional<QualType> deducedFromReturns(RewriteSession &S,
                                           const FunctionDecl *FD) {
  const auto *Auto = FD->getDeclaredReturnType()->getAs<AutoType>();
  if (!Auto || Auto->isDecltypeAuto() ||
      FD->getDeclaredReturnType().hasQualifiers() || !FD->getBody())
    return std::nullopt;
  ReturnCollector Collector;
  Collector.TraverseStmt(FD->getBody());
  std::optional<QualType> Out;
  for (const ReturnStmt *R : Collector.Returns) {
    QualType T = S.Ctx.VoidTy;
    if (const Expr *Value = R->getRetValue()) {
      if (Value->isTypeDependent() || isa<InitListExpr>(Value))
        return std::nullopt;
      T = Value->getType();
      if (T->isArrayType())
        T = S.Ctx.getArrayDecayedType(T);
      else if (T->isFunctionType())
        T = S.Ctx.getPointerType(T);
      T = T.getUnqualifiedType();
    }
    if (Out && !S.Ctx.hasSameType(*Out, T))
      return std::nullopt;
    Out = T;
  }
  return Out ? Out : S.Ctx.VoidTy;
}

/// `R` of `bamboo::Task<R>`: as written where the user wrote it, or the type
/// deduced. Reports (and returns nothing) if it cannot be named.
std::optional<std::string> resultType(RewriteSession &S, const FunctionDecl *FD,
                                      SourceRange Written) {
  QualType Ret = FD->getReturnType();
  if (Ret->getContainedDeducedType() || Written.isInvalid()) {
    const FunctionDecl *Def = FD->getDefinition() ? FD->getDefinition() : FD;
    QualType Deduced = Def->getReturnType();
    if (const auto *Auto = Deduced->getContainedAutoType()) {
      if (!Auto->getDeducedType().isNull()) {
        Deduced = Auto->getDeducedType();
      } else if (auto FromReturns = deducedFromReturns(S, Def)) {
        Deduced = *FromReturns;
      } else {
        S.Diags.report(FD->getLocation(), Diag::TaskCannotBeCoroutine)
            << functionName(FD) << 5;
        return std::nullopt;
      }
    }
    return S.typeText(Deduced);
  }
  return S.sourceText(Written);
}

/// The declarations written in one declaration with \p D (`int f(int),
/// g(int);`), in order, D included.
std::vector<const Decl *> declarationGroup(const FunctionDecl *D) {
  std::vector<const Decl *> Out;
  for (const Decl *Other : D->getLexicalDeclContext()->decls())
    if (!Other->isImplicit() && Other->getBeginLoc() == D->getBeginLoc() &&
        isa<DeclaratorDecl>(Other))
      Out.push_back(Other);
  if (Out.empty())
    Out.push_back(D);
  return Out;
}

/// A task has C++ linkage even where the code around it has C's (a C file,
/// an extern "C" block of a header): its mangled name carries the ABI tag, so
/// a caller compiled as if it were an ordinary function does not link.
void giveCxxLinkage(RewriteSession &S, const FunctionDecl *D) {
  const auto *Spec = dyn_cast<LinkageSpecDecl>(D->getDeclContext());
  if (Spec && !Spec->hasBraces()) { // extern "C" int f();
    S.replaceRange(Spec->getExternLoc(), "extern \"C++\"",
                   "the linkage of " + functionName(D));
    SourceLocation Lang =
        Lexer::findNextToken(Spec->getExternLoc(), S.SM, S.Ctx.getLangOpts())
            ->getLocation();
    S.replaceToken(Lang, "", "the linkage of " + functionName(D));
    return;
  }
  if (!S.isC() && !D->isExternC())
    return;
  std::string What = "the linkage of " + functionName(D);
  SourceLocation End;
  if (D->doesThisDeclarationHaveABody())
    End = D->getBody()->getEndLoc();
  else
    End = Lexer::findNextToken(D->getSourceRange().getEnd(), S.SM,
                               S.Ctx.getLangOpts())
              ->getLocation(); // its `;`
  if (S.insertAfterInsertions(D->getOuterLocStart(), "extern \"C++\" { ", What))
    S.insertAfterToken(End, " }", What);
}

/// `Fn f;` with `typedef int Fn(int);`: the declarator is written out,
/// `bamboo::Task<int> f(int);`, when the typedef's type says nothing else
/// (no exception specification, no qualifiers).
void lowerTypedefDeclaration(RewriteSession &S, const FunctionDecl *D) {
  std::string Name = functionName(D);
  const auto *FPT = D->getType()->getAs<FunctionProtoType>();
  TypeSourceInfo *TSI = D->getTypeSourceInfo();
  if (!FPT || !TSI || FPT->hasExceptionSpec() ||
      FPT->getMethodQuals().hasQualifiers() ||
      FPT->getRefQualifier() != RQ_None || D->doesThisDeclarationHaveABody() ||
      !TSI->getType()->getAs<TypedefType>() || declarationGroup(D).size() > 1) {
    S.Diags.report(D->getLocation(), Diag::TaskCannotBeCoroutine) << Name << 6;
    return;
  }
  auto Result = resultType(S, D, {});
  if (!Result)
    return;
  std::string Parameters;
  for (unsigned I = 0; I < FPT->getNumParams(); ++I)
    Parameters += (I ? ", " : "") + S.typeText(FPT->getParamType(I));
  std::string What = "the declaration of " + Name;
  if (S.replaceRange(TSI->getTypeLoc().getSourceRange(),
                     "bamboo::Task<" + *Result + ">", What) &&
      S.insertAfterToken(D->getLocation(), "(" + Parameters + ")", What))
    giveCxxLinkage(S, D);
}

/// `static int f(int), g(int);` where f becomes a task and g does not (or
/// both do): one declaration per name, `static bamboo::Task<int> f(int);
/// static int g(int);`, on the same line. Only functions that share their
/// return type as written; in C++ code of C++ linkage.
void splitDeclaration(RewriteSession &S, llvm::ArrayRef<const Decl *> Group,
                      SourceRange Written) {
  for (const Decl *D : Group) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || FD->getReturnTypeSourceRange() != Written || S.isC() ||
        FD->isExternC() || FD->getReturnType()->getContainedDeducedType()) {
      const auto *Task = llvm::find_if(Group, [&](const Decl *G) {
        return isa<FunctionDecl>(G) && S.isTask(cast<FunctionDecl>(G));
      });
      S.Diags.report((*Task)->getLocation(), Diag::TaskCannotBeCoroutine)
          << functionName(cast<FunctionDecl>(*Task)) << 7;
      return;
    }
  }
  // Every member is a function now (`const int n = 2, f(int);` was refused
  // above).
  const auto *First = cast<FunctionDecl>(Group.front());
  std::string Type = S.sourceText(Written);
  std::string Specifiers =
      Lexer::getSourceText(CharSourceRange::getCharRange(
                               First->getOuterLocStart(), Written.getBegin()),
                           S.SM, S.Ctx.getLangOpts())
          .str();
  auto TypeOf = [&](const Decl *D) {
    return S.isTask(cast<FunctionDecl>(D)) ? "bamboo::Task<" + Type + ">"
                                           : Type;
  };
  if (S.isTask(First))
    S.replaceRange(Written, TypeOf(First),
                   "the return type of " + functionName(First));
  for (size_t I = 1; I < Group.size(); ++I) {
    std::optional<Token> Comma = Lexer::findNextToken(
        Group[I - 1]->getEndLoc(), S.SM, S.Ctx.getLangOpts());
    std::string What =
        "the declaration of " + functionName(cast<FunctionDecl>(Group[I]));
    if (!Comma || !Comma->is(tok::comma)) {
      S.Diags.report(Group[I]->getLocation(), Diag::TaskCannotBeCoroutine)
          << functionName(cast<FunctionDecl>(Group[I])) << 7;
      return;
    }
    S.replaceToken(Comma->getLocation(), "; " + Specifiers + TypeOf(Group[I]),
                   What);
  }
}

void lowerSignature(RewriteSession &S, const FunctionDecl *FD,
                    const LambdaExpr *Lambda,
                    llvm::DenseSet<SourceLocation::UIntTy> &Split) {
  std::string Name = functionName(FD);
  if (FD->isConstexpr() && !Lambda) {
    S.Diags.report(FD->getLocation(), Diag::TaskCannotBeCoroutine) << Name << 0;
    return;
  }
  if (FD->isVariadic()) {
    S.Diags.report(FD->getLocation(), Diag::TaskCannotBeCoroutine) << Name << 1;
    return;
  }

  if (Lambda) {
    if (Lambda->hasExplicitResultType()) {
      SourceRange Written;
      if (TypeSourceInfo *TSI = FD->getTypeSourceInfo())
        if (auto FTL =
                TSI->getTypeLoc().IgnoreParens().getAs<FunctionTypeLoc>())
          Written = FTL.getReturnLoc().getSourceRange();
      if (auto Result = resultType(S, FD, Written))
        S.replaceRange(Written, "bamboo::Task<" + *Result + ">",
                       "the result type of " + Name);
      return;
    }
    auto Result = resultType(S, FD, {});
    if (!Result)
      return;
    std::string Arrow = "-> bamboo::Task<" + *Result + "> ";
    if (!Lambda->hasExplicitParameters())
      S.insertAfterToken(Lambda->getIntroducerRange().getEnd(), "()",
                         "the parameters of " + Name);
    S.insertBefore(Lambda->getCompoundStmtBody()->getLBracLoc(), Arrow,
                   "the result type of " + Name);
    return;
  }

  for (const FunctionDecl *D : FD->redecls()) {
    if (!S.inUserFile(D->getLocation())) {
      const FunctionDecl *Def = FD->getDefinition();
      S.Diags.report((Def ? Def : FD)->getLocation(),
                     Diag::TaskDeclaredElsewhere)
          << Name << S.SM.getFilename(S.SM.getFileLoc(D->getLocation()));
      S.Diags.report(D->getLocation(), Diag::NoteDeclaredHere);
      continue;
    }
    FunctionTypeLoc FTL = D->getFunctionTypeLoc();
    if (!FTL) { // declared through a typedef of its type: `Fn f;`
      lowerTypedefDeclaration(S, D);
      continue;
    }
    if (FTL.getTypePtr()->castAs<FunctionProtoType>()->hasTrailingReturn()) {
      // `auto f(int) -> int`: the type after the arrow.
      SourceRange Trailing = FTL.getReturnLoc().getSourceRange();
      if (auto Result = resultType(S, D, Trailing))
        if (S.replaceRange(Trailing, "bamboo::Task<" + *Result + ">",
                           "the return type of " + Name))
          giveCxxLinkage(S, D);
      continue;
    }
    SourceRange Written = D->getReturnTypeSourceRange();
    // A return type wrapped around the declarator (`int (*f())(int)`) has no
    // single range to replace.
    if (Written.isInvalid() ||
        !S.SM.isBeforeInTranslationUnit(Written.getEnd(), D->getLocation())) {
      S.Diags.report(D->getLocation(), Diag::TaskCannotBeCoroutine)
          << Name << 2;
      continue;
    }
    std::vector<const Decl *> Group = declarationGroup(D);
    if (Group.size() > 1) { // `static int f(int), g(int);`
      if (Split.insert(D->getBeginLoc().getRawEncoding()).second)
        splitDeclaration(S, Group, Written);
      continue;
    }
    auto Result = resultType(S, D, Written);
    if (Result && S.replaceRange(Written, "bamboo::Task<" + *Result + ">",
                                 "the return type of " + Name))
      giveCxxLinkage(S, D);
  }
}

void lowerReturns(RewriteSession &S, const FunctionDecl *FD) {
  ReturnCollector Collector;
  Collector.TraverseStmt(FD->getBody());
  for (const ReturnStmt *R : Collector.Returns)
    S.replaceToken(R->getReturnLoc(), "co_return", "this return");
}

/// The variable-length arrays of one function body and the uses of them that
/// see their type (sizeof, &).
class VariableLengthArrays : public RecursiveASTVisitor<VariableLengthArrays> {
public:
  bool VisitDeclStmt(DeclStmt *DS) {
    for (Decl *D : DS->decls())
      if (auto *VD = dyn_cast<VarDecl>(D);
          VD && VD->getType()->isVariableArrayType())
        Arrays.push_back({VD, DS});
    return true;
  }
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (!E->isArgumentType())
      if (const VarDecl *VD = arrayOf(E->getArgumentExpr()))
        (E->getKind() == UETT_SizeOf ? Sizes[VD] : TypeUses[VD]).push_back(E);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      if (const VarDecl *VD = arrayOf(U->getSubExpr()))
        TypeUses[VD].push_back(U);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

  std::vector<std::pair<const VarDecl *, const DeclStmt *>> Arrays;
  /// `sizeof a`, and the uses that need the array's type otherwise (`&a`).
  llvm::DenseMap<const VarDecl *, std::vector<const Expr *>> Sizes, TypeUses;

private:
  static const VarDecl *arrayOf(const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParens());
    return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  }
};

/// GCC's coroutines have no variable-length arrays: `double a[n];` becomes
/// storage that lives as long as the array would, in the coroutine's frame:
/// `std::unique_ptr<double[]> bambooArray_a(new double[n]); double *a = ...`.
/// Where the array's type shows (sizeof a, &a, two dimensions, several
/// declarators), refused.
void lowerVariableLengthArrays(RewriteSession &S, const FunctionDecl *FD) {
  VariableLengthArrays Found;
  Found.TraverseStmt(FD->getBody());
  for (const auto &[VD, DS] : Found.Arrays) {
    const auto *VLA = S.Ctx.getAsVariableArrayType(VD->getType());
    std::string Name = VD->getNameAsString();
    const std::vector<const Expr *> &TypeUses = Found.TypeUses[VD];
    if (!DS->isSingleDecl() ||
        VLA->getElementType()->isVariablyModifiedType() || !TypeUses.empty() ||
        VD->hasInit()) {
      S.Diags.report(!TypeUses.empty() ? TypeUses.front()->getExprLoc()
                                       : VD->getLocation(),
                     Diag::TaskCannotBeCoroutine)
          << functionName(FD) << 3;
      continue;
    }
    auto Begin = S.editable(DS->getBeginLoc(), "the array '" + Name + "'");
    auto End = Begin ? S.editable(DS->getEndLoc(), "the array '" + Name + "'")
                     : std::nullopt;
    if (!Begin || !End)
      continue;
    std::string Element = S.typeText(VLA->getElementType());
    std::string Size =
        S.R.getRewrittenText(VLA->getSizeExpr()->getSourceRange());
    // Its length as it was when declared, for `sizeof a`.
    std::string Length = "bambooArrayLength_" + Name;
    std::string Declare = "std::unique_ptr<" + Element + "[]> bambooArray_" +
                          Name + "(new " + Element + "[" + Size + "]); ";
    if (!Found.Sizes[VD].empty())
      Declare = "std::size_t " + Length + " = " + Size + "; std::unique_ptr<" +
                Element + "[]> bambooArray_" + Name + "(new " + Element + "[" +
                Length + "]); ";
    S.R.ReplaceText(CharSourceRange::getTokenRange(*Begin, *End),
                    Declare + Element + " *" + Name + " = bambooArray_" + Name +
                        ".get(); /* bamboo: " + Name +
                        "'s storage lives in the task */");
    for (const Expr *SizeOf : Found.Sizes[VD])
      S.replaceRange(SizeOf->getSourceRange(),
                     "(" + Length + " * sizeof(" + Element + "))",
                     "sizeof " + Name);
  }
}

/// GCC's coroutines cannot hold an OpenMP region (an internal compiler
/// error): refused in a function that becomes a task.
class OpenMPDirectives : public RecursiveASTVisitor<OpenMPDirectives> {
public:
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (!First)
      First = D;
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  const OMPExecutableDirective *First = nullptr;
};

/// Every function of the user's files that becomes a task, each once (by
/// its first declaration), lambdas aside: all its declarations are rewritten,
/// also those of a function defined in another file.
class TaskDeclarations : public RecursiveASTVisitor<TaskDeclarations> {
public:
  explicit TaskDeclarations(RewriteSession &S) : S(S) {}
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->isImplicit() || !S.inUserFile(FD->getLocation()))
      return true;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
        MD && MD->getParent()->isLambda())
      return true;
    if (S.isTask(FD))
      Found.insert(FD->getFirstDecl());
    return true;
  }
  RewriteSession &S;
  llvm::SetVector<const FunctionDecl *> Found;
};

/// Calls of a template that depend on its parameters name no function until the
/// template is instantiated. Each instantiation's calls keep the locations of
/// the template's and fold into the template's node of the call graph, also
/// those of other files of the program: a call in a template reaches a task if
/// a call at its location does in some instantiation, in any file. (Every file
/// then writes the template alike.)
llvm::StringSet<> awaitedLocations(RewriteSession &S,
                                   const FunctionDecl *Template) {
  llvm::StringSet<> Out;
  const CallGraph &G = S.Model.callGraph();
  const CallGraph::Node *N = G.lookup(Template);
  if (!N)
    return Out;
  for (const CallGraph::Call &C : N->Calls)
    for (const CallGraph::Node *T : G.targets(C))
      if (S.Model.reach().isTask(T))
        Out.insert(C.Location);
  return Out;
}

/// The dependent calls of a template as written.
class DependentCalls : public RecursiveASTVisitor<DependentCalls> {
public:
  bool VisitCallExpr(CallExpr *Call) {
    if (!Call->getDirectCallee() && Call->isTypeDependent())
      Calls.push_back(Call);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  std::vector<const CallExpr *> Calls;
};

/// The first call in an expression that the translation awaits: a waiting MPI
/// call or a call of a task, evaluated (not in sizeof, decltype, ...), not in
/// a lambda's body.
class WaitingCallFinder : public RecursiveASTVisitor<WaitingCallFinder> {
public:
  explicit WaitingCallFinder(RewriteSession &S) : S(S) {}
  bool VisitCallExpr(CallExpr *Call) {
    MPICallee MPI;
    bool Waits = matchMPICall(*Call, S.SM, MPI)
                     ? MPI.Info && MPI.Info->mayWait()
                     : S.isTask(Call->getDirectCallee());
    if (Waits && !Found && !isUnevaluated(Call, S))
      Found = Call;
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  RewriteSession &S;
  const CallExpr *Found = nullptr;
};

/// Calls in default arguments run in the caller, where nothing can await them.
void checkDefaultArguments(RewriteSession &S, const FunctionDecl *FD) {
  for (const ParmVarDecl *P : FD->parameters()) {
    if (!P->hasDefaultArg() || P->hasUnparsedDefaultArg() ||
        P->hasUninstantiatedDefaultArg())
      continue;
    if (const CallExpr *Found = awaitedCallIn(P->getDefaultArg(), S))
      S.Diags.report(Found->getBeginLoc(), Diag::AwaitNotAllowed) << 1;
  }
}

/// Calls of tasks in operands that are never evaluated (sizeof, decltype,
/// noexcept, typeid of a non-polymorphic value), in the user's files. A
/// template's call whose callee depends on its parameters (`sizeof(get(v))`)
/// is resolved only in its instantiations, which share its text: those are
/// visited too, and each written call is edited once.
class UnevaluatedTaskCalls : public RecursiveASTVisitor<UnevaluatedTaskCalls> {
public:
  explicit UnevaluatedTaskCalls(RewriteSession &S) : S(S) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCallExpr(CallExpr *Call) {
    if (S.isTask(Call->getDirectCallee()) &&
        S.inUserFile(Call->getBeginLoc()) && isUnevaluated(Call, S) &&
        Written
            .insert({Call->getBeginLoc().getRawEncoding(),
                     Call->getEndLoc().getRawEncoding()})
            .second)
      Calls.push_back(Call);
    return true;
  }
  RewriteSession &S;
  std::vector<const CallExpr *> Calls;
  std::set<std::pair<SourceLocation::UIntTy, SourceLocation::UIntTy>> Written;
};

/// `sizeof(f(1))` of a task f: `sizeof(bamboo::resultOf(f(1)))` sees f's
/// result type R, not Task<R> (bamboo/task.h).
void lowerUnevaluatedCalls(RewriteSession &S) {
  UnevaluatedTaskCalls Found(S);
  Found.TraverseDecl(S.Ctx.getTranslationUnitDecl());
  for (const CallExpr *Call : Found.Calls) {
    // In a macro the same written call may also be evaluated, and the macro may
    // expand otherwise in C++: glibc's C assert(e) is sizeof((e) ? 1 : 0) and
    // then e, its C++ one has no sizeof. The evaluated use's co_await is the
    // edit there.
    if (Call->getBeginLoc().isMacroID())
      continue;
    std::string What =
        "call to '" + functionName(Call->getDirectCallee()) + "'";
    if (S.insertBefore(Call->getBeginLoc(), "bamboo::resultOf(", What))
      S.insertAfterToken(Call->getEndLoc(), ")", What);
  }
}

} // namespace

const CallExpr *awaitedCallIn(const Stmt *St, RewriteSession &S) {
  if (!St)
    return nullptr;
  WaitingCallFinder Finder(S);
  Finder.TraverseStmt(const_cast<Stmt *>(St));
  return Finder.Found;
}

bool isUnevaluated(const Expr *E, RewriteSession &S) {
  DynTypedNode Node = DynTypedNode::create(*E);
  for (;;) {
    DynTypedNodeList Parents = S.Ctx.getParents(Node);
    if (Parents.empty())
      return false;
    Node = Parents[0];
    if (Node.get<TypeLoc>()) // decltype(...), typeof(...)
      return true;
    if (const auto *U = Node.get<UnaryExprOrTypeTraitExpr>())
      return U->getKind() == UETT_SizeOf || U->getKind() == UETT_AlignOf ||
             U->getKind() == UETT_PreferredAlignOf;
    if (Node.get<CXXNoexceptExpr>())
      return true;
    if (const auto *T = Node.get<CXXTypeidExpr>())
      return !T->isPotentiallyEvaluated();
    if (Node.get<Decl>() || Node.get<CompoundStmt>())
      return false;
  }
}

bool checkCanAwait(const Expr *E, RewriteSession &S) {
  DynTypedNode Node = DynTypedNode::create(*E);
  for (;;) {
    DynTypedNodeList Parents = S.Ctx.getParents(Node);
    if (Parents.empty())
      return true;
    Node = Parents[0];
    if (const auto *Catch = Node.get<CXXCatchStmt>()) {
      S.Diags.report(E->getBeginLoc(), Diag::AwaitNotAllowed) << 0;
      S.Diags.report(Catch->getCatchLoc(), Diag::NoteCatchHere);
      return false;
    }
    // `std::vector<int> v{co_await f(), 2};`: GCC 12 rejects the coroutine
    // ("array used as initializer"); aggregates' braced lists are fine.
    if (Node.get<CXXStdInitializerListExpr>()) {
      S.Diags.report(E->getBeginLoc(), Diag::AwaitNotAllowed) << 2;
      return false;
    }
    if (Node.get<FunctionDecl>() || Node.get<LambdaExpr>())
      return true;
  }
}

void lowerTaskFunctions(RewriteSession &S) {
  LambdaCollector Lambdas;
  Lambdas.TraverseDecl(S.Ctx.getTranslationUnitDecl());
  TaskDeclarations Declarations(S);
  Declarations.TraverseDecl(S.Ctx.getTranslationUnitDecl());
  lowerUnevaluatedCalls(S);
  llvm::DenseSet<SourceLocation::UIntTy> Split;
  for (const FunctionDecl *FD : Declarations.Found)
    lowerSignature(S, FD, nullptr, Split);

  for (const auto &FM : S.Model.functions()) {
    const FunctionDecl *FD = FM->Decl;
    if (!S.inUserFile(FD->getLocation()))
      continue;
    if (S.isTask(FD)) {
      if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
        if (const LambdaExpr *Lambda = Lambdas.ByOperator.lookup(MD))
          lowerSignature(S, FD, Lambda, Split);
      lowerReturns(S, FD);
      lowerVariableLengthArrays(S, FD);
      OpenMPDirectives OpenMP;
      OpenMP.TraverseStmt(FD->getBody());
      if (OpenMP.First)
        S.Diags.report(OpenMP.First->getBeginLoc(), Diag::TaskCannotBeCoroutine)
            << functionName(FD) << 4;
    }
    checkDefaultArguments(S, FD);
    for (const UserCallSite &Call : FM->UserCalls) {
      if (!Call.Callee || !S.isTask(Call.Callee) || isUnevaluated(Call.Call, S))
        continue;
      if (checkCanAwait(Call.Call, S))
        S.await(Call.Call, "call to '" + functionName(Call.Callee) + "'");
    }
    if (FD->isTemplated() && FD->hasBody()) {
      DependentCalls Dependent;
      Dependent.TraverseStmt(FD->getBody());
      llvm::StringSet<> Awaited = awaitedLocations(S, FD);
      for (const CallExpr *Call : Dependent.Calls)
        if (Awaited.contains(
                CallGraph::locationKey(Call->getBeginLoc(), S.SM)) &&
            !isUnevaluated(Call, S) && checkCanAwait(Call, S))
          S.await(Call, "this call");
    }
  }
}

} // namespace bamboo::codegen
