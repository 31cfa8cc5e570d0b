//===- CallGraph.cpp - Who calls whom, and who reaches MPI ----------------===//
//
// Builds the USR-keyed call graph of a translation unit and computes reach
// sets by walking call edges backwards from the functions that call MPI.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Frontend/CallGraph.h"
#include "bamboo/Frontend/Inclusions.h"
#include "bamboo/Frontend/MPIModel.h"
#include "bamboo/Frontend/SourceText.h"
#include "bamboo/Frontend/StmtChildren.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include <deque>

using namespace clang;

namespace bamboo {

//===----------------------------------------------------------------------===//
// Keys and node metadata
//===----------------------------------------------------------------------===//

namespace {

/// The template pattern an instantiation comes from (itself if none).
const FunctionDecl *sourceDecl(const FunctionDecl *FD) {
  // Each step goes back one level of instantiation; a generic lambda in a
  // function template takes two (its operator() template is a member
  // template of a closure instantiated with the function).
  for (int Depth = 0; Depth < 16; ++Depth) {
    const FunctionDecl *Next =
        FD->getTemplateInstantiationPattern(/*ForDefinition=*/false);
    if (!Next)
      if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
        if (const FunctionTemplateDecl *From =
                T->getInstantiatedFromMemberTemplate())
          Next = From->getTemplatedDecl();
    if (!Next)
      Next = FD->getInstantiatedFromMemberFunction();
    if (!Next || Next == FD)
      break;
    FD = Next;
  }
  return FD;
}

/// The declaration a node stands for: user templates are one node (the code
/// generator rewrites the template once); library templates keep one node per
/// instantiation, so that std::function<A> and std::function<B> do not mix.
const FunctionDecl *nodeDecl(const FunctionDecl *FD) {
  const FunctionDecl *Source = sourceDecl(FD);
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(Source->getLocation())))
    return FD;
  return Source;
}

/// The function type an indirect call must match: methods called through a
/// member pointer also match on the class.
std::string typeKey(QualType Function, const Type *Class, ASTContext &Ctx) {
  std::string Key = Function.getCanonicalType().getAsString();
  if (Class)
    Key = QualType(Class, 0).getCanonicalType().getAsString() + "::*" + Key;
  return Key;
}

std::string typeKeyOf(const FunctionDecl *FD) {
  ASTContext &Ctx = FD->getASTContext();
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (MD && MD->isInstance())
    return typeKey(FD->getType(),
                   Ctx.getRecordType(MD->getParent()).getTypePtr(), Ctx);
  return typeKey(FD->getType(), nullptr, Ctx);
}

} // namespace

std::string CallGraph::locationKey(SourceLocation Loc,
                                   const SourceManager &SM) {
  if (Loc.isInvalid())
    return "<unknown>";
  SourceLocation At = SM.getExpansionLoc(Loc);
  return absolutePath(SM, SM.getFileID(At)) + ":" +
         std::to_string(SM.getExpansionLineNumber(At)) + ":" +
         std::to_string(SM.getExpansionColumnNumber(At));
}

std::string CallGraph::keyFor(const FunctionDecl *FD) {
  FD = nodeDecl(FD);
  llvm::SmallString<128> USR;
  if (!index::generateUSRForDecl(FD, USR)) {
    if (!FD->isExternallyVisible()) {
      const SourceManager &SM = FD->getASTContext().getSourceManager();
      if (OptionalFileEntryRef Main =
              SM.getFileEntryRefForID(SM.getMainFileID()))
        USR += ("@tu@" + Main->getName()).str();
    }
    return std::string(USR);
  }
  // No USR (should not happen for functions): name and place still identify
  // it within the program.
  return "bamboo@" + functionName(FD) + "@" +
         locationString(FD->getLocation(),
                        FD->getASTContext().getSourceManager());
}

CallGraph::Node &CallGraph::node(llvm::StringRef Key) {
  auto [It, Inserted] = ByKey.try_emplace(Key, nullptr);
  if (Inserted) {
    Nodes.push_back(std::make_unique<Node>());
    Nodes.back()->Key = std::string(Key);
    It->second = Nodes.back().get();
  }
  return *It->second;
}

const CallGraph::Node *CallGraph::lookup(llvm::StringRef Key) const {
  auto It = ByKey.find(Key);
  return It == ByKey.end() ? nullptr : It->second;
}

const CallGraph::Node *CallGraph::lookup(const FunctionDecl *FD) const {
  return FD ? lookup(keyFor(FD)) : nullptr;
}

//===----------------------------------------------------------------------===//
// Building
//===----------------------------------------------------------------------===//

namespace {

class GraphBuilder : public RecursiveASTVisitor<GraphBuilder> {
public:
  GraphBuilder(ASTContext &Ctx, CallGraph &G)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), G(G) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || FD->isInvalidDecl())
      return true;
    CallGraph::Node &N = nodeFor(FD);
    N.Defined = true;
    const FunctionDecl *Source = nodeDecl(FD);
    N.Location = CallGraph::locationKey(Source->getLocation(), SM);
    Current = &N;
    Seen.clear();
    for (const CallGraph::Call &C : N.Calls)
      Seen.insert(callId(C));
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        walk(Init->getInit());
    if (const auto *Dtor = dyn_cast<CXXDestructorDecl>(FD))
      addMemberDestructors(Dtor);
    walk(FD->getBody());
    Current = nullptr;
    return true;
  }

  /// A function named other than as a callee may be called through a
  /// pointer.
  bool VisitCallExpr(CallExpr *CE) {
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenImpCasts()))
      CalleeRefs.insert(DRE);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl());
    if (!FD || CalleeRefs.count(DRE) || isMPILibraryFunction(*FD, SM))
      return true;
    CallGraph::Node &N = nodeFor(FD);
    N.AddressTaken = true;
    // The type of this declaration, not of the template pattern: in an
    // instantiation it is concrete.
    std::string Type = typeKeyOf(FD);
    if (!llvm::is_contained(N.AddressTypes, Type))
      N.AddressTypes.push_back(std::move(Type));
    return true;
  }

private:
  CallGraph::Node &nodeFor(const FunctionDecl *FD) {
    auto It = NodeCache.find(FD);
    if (It != NodeCache.end())
      return *It->second;
    CallGraph::Node &N = G.node(CallGraph::keyFor(FD));
    NodeCache[FD] = &N;
    if (!N.Decl) {
      const FunctionDecl *Source = nodeDecl(FD);
      N.Decl = Source;
      N.Name = functionName(Source);
      N.Location = CallGraph::locationKey(Source->getLocation(), SM);
      N.InSystemHeader =
          SM.isInSystemHeader(SM.getExpansionLoc(Source->getLocation()));
      N.IsMain = Source->isMain();
      if (const auto *MD = dyn_cast<CXXMethodDecl>(Source))
        for (const CXXMethodDecl *O : MD->overridden_methods())
          N.Overrides.push_back(CallGraph::keyFor(O));
    }
    return N;
  }

  static std::string callId(const CallGraph::Call &C) {
    return std::to_string(int(C.Kind)) + "|" + C.Callee + "|" + C.TypeKey +
           "|" + C.Location;
  }

  void addCall(CallKind Kind, const FunctionDecl *Callee, std::string TypeKey,
               const Expr *Site, SourceLocation Loc) {
    CallGraph::Call C;
    C.Kind = Kind;
    if (Callee)
      C.Callee = nodeFor(Callee).Key;
    C.TypeKey = std::move(TypeKey);
    C.Location = CallGraph::locationKey(Loc, SM);
    C.Site = Site;
    // A template's pattern and its instantiations make the same calls.
    if (Seen.insert(callId(C)).second)
      Current->Calls.push_back(std::move(C));
  }

  void addDestructor(QualType T, const Expr *Site, SourceLocation Loc) {
    const CXXRecordDecl *RD = Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || RD->hasTrivialDestructor())
      return;
    if (const CXXDestructorDecl *Dtor = RD->getDestructor())
      addCall(CallKind::Implicit, Dtor, "", Site, Loc);
  }

  void addMemberDestructors(const CXXDestructorDecl *Dtor) {
    const CXXRecordDecl *RD = Dtor->getParent();
    for (const FieldDecl *F : RD->fields())
      addDestructor(F->getType(), nullptr, Dtor->getLocation());
    for (const CXXBaseSpecifier &B : RD->bases())
      addDestructor(B.getType(), nullptr, Dtor->getLocation());
  }

  void addCallExpr(const CallExpr *CE) {
    MPICallee M;
    if (matchMPICall(*CE, SM, M)) {
      CallGraph::MPIUse U;
      U.Name = std::string(M.Name);
      U.Info = M.Info;
      U.Location = CallGraph::locationKey(CE->getBeginLoc(), SM);
      U.Call = CE;
      for (const CallGraph::MPIUse &Old : Current->MPICalls)
        if (Old.Location == U.Location && Old.Name == U.Name)
          return;
      Current->MPICalls.push_back(std::move(U));
      return;
    }
    if (const FunctionDecl *Callee = CE->getDirectCallee()) {
      if (Callee->getBuiltinID())
        return;
      CallKind Kind = CallKind::Direct;
      if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
          MD && MD->isVirtual()) {
        const auto *ME = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParens());
        const Expr *Object = ME                             ? ME->getBase()
                             : isa<CXXOperatorCallExpr>(CE) ? CE->getArg(0)
                                                            : nullptr;
        // obj.f() on an object (not a reference) or a final class calls
        // one known function.
        const CXXMethodDecl *Known =
            Object ? MD->getDevirtualizedMethod(Object, /*IsAppleKext=*/false)
                   : nullptr;
        if (Known)
          Callee = Known;
        else if (!ME || ME->performsVirtualDispatch(Ctx.getLangOpts()))
          Kind = CallKind::Virtual;
      }
      addCall(Kind, Callee, "", CE, CE->getBeginLoc());
      addCallbacks(Callee, {CE->getArgs(), CE->getNumArgs()}, CE);
      return;
    }
    // No direct callee: a call through a pointer (or still dependent).
    if (CE->isTypeDependent() || CE->getCallee()->isTypeDependent())
      return;
    const Expr *Callee = CE->getCallee()->IgnoreParens();
    if (isa<CXXPseudoDestructorExpr>(Callee))
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(Callee);
        BO && BO->isPtrMemOp()) {
      if (const auto *MPT = BO->getRHS()->getType()->getAs<MemberPointerType>())
        addCall(CallKind::Indirect, nullptr,
                typeKey(MPT->getPointeeType(), MPT->getClass(), Ctx), CE,
                CE->getBeginLoc());
      return;
    }
    QualType T = Callee->getType();
    if (const auto *PT = T->getAs<PointerType>())
      T = PT->getPointeeType();
    else if (const auto *RT = T->getAs<ReferenceType>())
      T = RT->getPointeeType();
    if (T->isFunctionType())
      addCall(CallKind::Indirect, nullptr, typeKey(T, nullptr, Ctx), CE,
              CE->getBeginLoc());
  }

  /// The bodies of library functions are not parsed (system headers give
  /// declarations only), so what one does with a callable it is given is
  /// unseen: it may call it, here. A lambda or function object may have its
  /// call operator called, a function its address; a function pointer may
  /// be called as any address-taken function of its type.
  void addCallbacks(const FunctionDecl *Callee,
                    llvm::ArrayRef<const Expr *> Args, const Expr *Site) {
    if (!SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())))
      return;
    for (const Expr *Arg : Args) {
      if (!Arg || Arg->isTypeDependent())
        continue;
      const Expr *E = Arg->IgnoreParenImpCasts();
      if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E))
        E = Temp->getSubExpr()->IgnoreParenImpCasts();
      if (const auto *U = dyn_cast<UnaryOperator>(E);
          U && U->getOpcode() == UO_AddrOf)
        E = U->getSubExpr()->IgnoreParenImpCasts();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl())) {
          if (!isMPILibraryFunction(*FD, SM))
            addCall(CallKind::Callback, FD, "", Site, Arg->getBeginLoc());
          continue;
        }
      QualType T = Arg->getType().getNonReferenceType();
      if (const auto *PT = T->getAs<PointerType>();
          PT && PT->getPointeeType()->isFunctionType()) {
        addCall(CallKind::Indirect, nullptr,
                typeKey(PT->getPointeeType(), nullptr, Ctx), Site,
                Arg->getBeginLoc());
        continue;
      }
      if (const auto *MPT = T->getAs<MemberPointerType>();
          MPT && MPT->getPointeeType()->isFunctionType()) {
        addCall(CallKind::Indirect, nullptr,
                typeKey(MPT->getPointeeType(), MPT->getClass(), Ctx), Site,
                Arg->getBeginLoc());
        continue;
      }
      const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
      if (!RD || !RD->hasDefinition() || RD->isInStdNamespace())
        continue;
      DeclarationName Call = Ctx.DeclarationNames.getCXXOperatorName(OO_Call);
      for (const NamedDecl *Found : RD->lookup(Call)) {
        const FunctionDecl *Op = Found->getAsFunction();
        if (Op && !Op->isDeleted())
          addCall(CallKind::Callback, Op, "", Site, Arg->getBeginLoc());
      }
    }
  }

  /// Walks one function's code; lambda bodies are functions of their own.
  void walk(const Stmt *S) {
    if (!S)
      return;
    if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      for (const Expr *Init : LE->capture_inits())
        walk(Init);
      return;
    }
    // Operands that are never evaluated call nothing: sizeof(f()) does not
    // make its function wait where f does.
    if (const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(S);
        U && !(U->getKind() == UETT_SizeOf &&
               U->getTypeOfArgument()->isVariablyModifiedType()))
      return;
    if (isa<CXXNoexceptExpr>(S))
      return;
    if (const auto *Typeid = dyn_cast<CXXTypeidExpr>(S);
        Typeid && !Typeid->isPotentiallyEvaluated())
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S))
      addCallExpr(CE);
    else if (const auto *Construct = dyn_cast<CXXConstructExpr>(S)) {
      const CXXConstructorDecl *Ctor = Construct->getConstructor();
      if (Ctor && !Ctor->isTrivial()) {
        addCall(CallKind::Implicit, Ctor, "", Construct,
                Construct->getBeginLoc());
        addCallbacks(Ctor, {Construct->getArgs(), Construct->getNumArgs()},
                     Construct);
      }
    } else if (const auto *New = dyn_cast<CXXNewExpr>(S)) {
      if (const FunctionDecl *Op = New->getOperatorNew();
          Op && !Op->isImplicit() &&
          !SM.isInSystemHeader(SM.getExpansionLoc(Op->getLocation())))
        addCall(CallKind::Implicit, Op, "", New, New->getBeginLoc());
    } else if (const auto *Delete = dyn_cast<CXXDeleteExpr>(S)) {
      QualType T = Delete->getDestroyedType();
      if (!T.isNull() && !T->isDependentType()) {
        const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
        const CXXDestructorDecl *Dtor =
            RD && RD->hasDefinition() ? RD->getDestructor() : nullptr;
        if (Dtor && !Dtor->isTrivial())
          addCall(Dtor->isVirtual() ? CallKind::Virtual : CallKind::Implicit,
                  Dtor, "", Delete, Delete->getBeginLoc());
      }
    } else if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(S)) {
      if (const CXXDestructorDecl *Dtor = Bind->getTemporary()->getDestructor())
        addCall(CallKind::Implicit, Dtor, "", Bind, Bind->getBeginLoc());
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D);
            VD && VD->hasLocalStorage() && !VD->getType()->isReferenceType() &&
            !VD->getType()->isDependentType())
          addDestructor(VD->getType(), nullptr, VD->getLocation());
    } else if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(S)) {
      walk(Default->getExpr());
    } else if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(S)) {
      walk(Default->getExpr());
    }
    for (const Stmt *Child : childStatements(S))
      walk(Child);
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  CallGraph &G;
  CallGraph::Node *Current = nullptr;
  llvm::StringSet<> Seen;
  llvm::DenseMap<const FunctionDecl *, CallGraph::Node *> NodeCache;
  llvm::DenseSet<const DeclRefExpr *> CalleeRefs;
};

} // namespace

CallGraph CallGraph::build(ASTContext &Ctx) {
  CallGraph G;
  GraphBuilder(Ctx, G).TraverseAST(Ctx);
  G.reindex();
  return G;
}

void CallGraph::reindex() {
  Overriders.clear();
  AddressTakenByType.clear();
  for (const auto &N : Nodes) {
    for (const std::string &O : N->Overrides)
      Overriders[O].push_back(N.get());
    for (const std::string &Type : N->AddressTypes)
      AddressTakenByType[Type].push_back(N.get());
  }
}

llvm::SmallVector<const CallGraph::Node *, 4>
CallGraph::targets(const Call &C) const {
  llvm::SmallVector<const Node *, 4> Out;
  if (C.Kind == CallKind::Indirect) {
    auto It = AddressTakenByType.find(C.TypeKey);
    if (It != AddressTakenByType.end())
      llvm::append_range(Out, It->second);
    return Out;
  }
  const Node *Callee = lookup(C.Callee);
  if (!Callee)
    return Out;
  Out.push_back(Callee);
  if (C.Kind != CallKind::Virtual)
    return Out;
  // Every overrider, transitively.
  for (size_t I = 0; I < Out.size(); ++I) {
    auto It = Overriders.find(Out[I]->Key);
    if (It == Overriders.end())
      continue;
    for (const Node *O : It->second)
      if (!llvm::is_contained(Out, O))
        Out.push_back(O);
  }
  return Out;
}

//===----------------------------------------------------------------------===//
// Reach sets
//===----------------------------------------------------------------------===//

const ReachSet::Step *ReachSet::witness(const CallGraph::Node *N) const {
  auto It = Steps.find(N);
  return It == Steps.end() ? nullptr : &It->second;
}

std::vector<ReachSet::Step> ReachSet::path(const CallGraph::Node *N) const {
  std::vector<Step> Path;
  // Steps come from a breadth-first search, so each one gets closer.
  while (const Step *S = witness(N)) {
    Path.push_back(*S);
    if (!S->To || Path.size() > Steps.size())
      break;
    N = S->To;
  }
  return Path;
}

const CallGraph::MPIUse *ReachSet::reachedUse(const CallGraph::Node *N) const {
  std::vector<Step> Path = path(N);
  return Path.empty() ? nullptr : Path.back().Use;
}

ReachSet
ReachSet::compute(const CallGraph &G,
                  llvm::function_ref<bool(const CallGraph::MPIUse &)> Seed,
                  bool SeedRegions) {
  // Who calls each node, through which call.
  llvm::DenseMap<
      const CallGraph::Node *,
      llvm::SmallVector<
          std::pair<const CallGraph::Node *, const CallGraph::Call *>, 4>>
      Callers;
  for (const auto &N : G.nodes())
    for (const CallGraph::Call &C : N->Calls)
      for (const CallGraph::Node *T : G.targets(C))
        Callers[T].push_back({N.get(), &C});

  ReachSet R;
  std::deque<const CallGraph::Node *> Work;
  for (const auto &N : G.nodes()) {
    if (SeedRegions && N->ContainsRegion) {
      Step S;
      S.From = N.get();
      S.Region = true;
      R.Steps[N.get()] = S;
      Work.push_back(N.get());
      continue;
    }
    for (const CallGraph::MPIUse &U : N->MPICalls) {
      if (!Seed(U))
        continue;
      Step S;
      S.From = N.get();
      S.Use = &U;
      R.Steps[N.get()] = S;
      Work.push_back(N.get());
      break;
    }
  }
  while (!Work.empty()) {
    const CallGraph::Node *T = Work.front();
    Work.pop_front();
    auto It = Callers.find(T);
    if (It == Callers.end())
      continue;
    for (auto [Caller, Call] : It->second) {
      if (R.Steps.count(Caller))
        continue;
      Step S;
      S.From = Caller;
      S.Call = Call;
      S.To = T;
      R.Steps[Caller] = S;
      Work.push_back(Caller);
    }
  }
  return R;
}

ReachSets ReachSets::compute(const CallGraph &G) {
  ReachSets Sets;
  Sets.AnyMPI =
      ReachSet::compute(G, [](const CallGraph::MPIUse &) { return true; });
  auto Waits = [](const CallGraph::MPIUse &U) {
    return U.Info && U.Info->mayWait();
  };
  Sets.WaitingMPI = ReachSet::compute(G, Waits);
  Sets.Suspends = ReachSet::compute(G, Waits, /*SeedRegions=*/true);
  // A blocking receive completes in the call; a started one is the region's.
  Sets.StartsReceive = ReachSet::compute(G, [](const CallGraph::MPIUse &U) {
    return U.Info && U.Info->receives() && !U.Info->mayWait();
  });
  return Sets;
}

} // namespace bamboo
