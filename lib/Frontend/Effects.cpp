//===- Effects.cpp - What a statement reads, writes and communicates ------===//
//
// Conservative by construction: an access is to a variable only when the
// expression names it (x, a[i] of an array a, s.f); anything reached through
// a pointer or reference is indirect and may be any escaped variable; what
// the model does not know is a barrier.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Frontend/Effects.h"
#include "bamboo/Frontend/StmtChildren.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace bamboo {

namespace {

/// The name of \p FD if the library declares it (a system header), else "":
/// a function of the user's with a library name is the user's.
llvm::StringRef libraryName(const FunctionDecl *FD, const SourceManager &SM) {
  if (!FD->getIdentifier() ||
      !SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
    return "";
  return FD->getName();
}

/// Library functions that only compute from their arguments.
bool isPureLibraryFunction(const FunctionDecl *FD, const SourceManager &SM) {
  static const llvm::StringSet<> Names = {
      "sqrt",  "cbrt",  "sin",    "cos",   "tan",   "asin", "acos",
      "atan",  "atan2", "exp",    "exp2",  "log",   "log2", "log10",
      "pow",   "fabs",  "abs",    "labs",  "floor", "ceil", "round",
      "trunc", "fmod",  "fmin",   "fmax",  "hypot", "sinh", "cosh",
      "tanh",  "erf",   "sqrtf",  "fabsf", "expf",  "logf", "powf",
      "sinf",  "cosf",  "floorf", "ceilf", "min",   "max"};
  llvm::StringRef Name = libraryName(FD, SM);
  return !Name.empty() && Names.contains(Name);
}

std::optional<long> constantOf(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx))
    return V->getExtValue();
  return std::nullopt;
}

/// Every name an expression of a statement uses.
class NameFinder : public RecursiveASTVisitor<NameFinder> {
public:
  explicit NameFinder(llvm::SmallPtrSetImpl<const IdentifierInfo *> &Out)
      : Out(Out) {}
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const IdentifierInfo *II = DRE->getDecl()->getIdentifier())
      Out.insert(II);
    return true;
  }

private:
  llvm::SmallPtrSetImpl<const IdentifierInfo *> &Out;
};

/// Library functions whose only effects are on the buffers they are given:
/// the argument each writes and the one it reads (-1: none).
struct BufferFunction {
  llvm::StringRef Name;
  int8_t Writes, Reads;
};
const BufferFunction *bufferLibraryFunction(const FunctionDecl *FD,
                                            const SourceManager &SM) {
  static const BufferFunction Known[] = {
      {"memcpy", 0, 1}, {"memmove", 0, 1}, {"memset", 0, -1}};
  llvm::StringRef Name = libraryName(FD, SM);
  for (const BufferFunction &F : Known)
    if (!Name.empty() && Name == F.Name)
      return &F;
  return nullptr;
}

/// Of \p Candidates, those every use of which in \p Body is as a value: never
/// assigned, incremented, addressed or bound to a reference after their
/// declaration.
class ValueOnlyUses : public RecursiveASTVisitor<ValueOnlyUses> {
public:
  ValueOnlyUses(llvm::ArrayRef<const ValueDecl *> Candidates,
                const Stmt *Body) {
    for (const ValueDecl *D : Candidates)
      Uses[D] = 0;
    TraverseStmt(const_cast<Stmt *>(Body));
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (auto It = Uses.find(DRE->getDecl()); It != Uses.end())
      ++It->second;
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(Cast->getSubExpr()->IgnoreParens()))
        if (auto It = Uses.find(DRE->getDecl()); It != Uses.end())
          --It->second;
    return true;
  }
  llvm::SmallPtrSet<const ValueDecl *, 4> result() const {
    llvm::SmallPtrSet<const ValueDecl *, 4> Out;
    for (auto [D, OtherUses] : Uses)
      if (OtherUses == 0)
        Out.insert(D);
    return Out;
  }

private:
  llvm::DenseMap<const ValueDecl *, int> Uses; // uses not as a value
};

/// The pointer parameters of \p FD used only for their value, and its
/// reference parameters: an access through one reaches what the caller
/// passed.
llvm::SmallPtrSet<const ValueDecl *, 4>
trackedParameters(const FunctionDecl *FD) {
  llvm::SmallVector<const ValueDecl *, 4> Pointers;
  for (const ParmVarDecl *P : FD->parameters())
    if (P->getType()->isPointerType())
      Pointers.push_back(P);
  llvm::SmallPtrSet<const ValueDecl *, 4> Out =
      ValueOnlyUses(Pointers, FD->getBody()).result();
  for (const ParmVarDecl *P : FD->parameters())
    if (P->getType()->isReferenceType())
      Out.insert(P);
  return Out;
}

/// Whether \p Init allocates new memory: malloc, calloc, aligned_alloc,
/// new.
bool isAllocation(const Expr *Init, const SourceManager &SM) {
  if (!Init)
    return false;
  Init = Init->IgnoreParenCasts();
  if (isa<CXXNewExpr>(Init))
    return true;
  const auto *Call = dyn_cast<CallExpr>(Init);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  return Callee && llvm::is_contained({"malloc", "calloc", "aligned_alloc"},
                                      libraryName(Callee, SM));
}

class AllocationFinder : public RecursiveASTVisitor<AllocationFinder> {
public:
  explicit AllocationFinder(const SourceManager &SM) : SM(SM) {}
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
        VD->getType()->isPointerType() && isAllocation(VD->getInit(), SM))
      Found.push_back(VD);
    return true;
  }
  const SourceManager &SM;
  llvm::SmallVector<const ValueDecl *, 4> Found;
};

/// The variable an object designator is part of (x for x, a[i] of an array
/// a, s.f, a[i].f), if it names one.
const DeclRefExpr *designatedVariable(const Expr *Object) {
  const Expr *X = Object->IgnoreParenImpCasts();
  while (true) {
    if (const auto *ME = dyn_cast<MemberExpr>(X); ME && !ME->isArrow())
      X = ME->getBase()->IgnoreParenImpCasts();
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(X);
             AS &&
             AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      X = AS->getBase()->IgnoreParenImpCasts();
    else
      return dyn_cast<DeclRefExpr>(X);
  }
}

/// The variable a local reference is bound to, if its initializer names one
/// (`auto &o = run.opts`, `double &c = grid[2][3]`): a reference is never
/// bound again, so it stands for that variable.
const VarDecl *boundVariable(const ValueDecl *D) {
  const auto *VD = dyn_cast<VarDecl>(D);
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) || !VD->getInit())
    return nullptr;
  const DeclRefExpr *DRE = designatedVariable(VD->getInit());
  const auto *Target = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!Target || Target == VD)
    return nullptr;
  if (Target->getType()->isReferenceType())
    return boundVariable(Target);
  return Target;
}

class Collector {
public:
  Collector(Effects &E, ASTContext &Ctx, CallSummaries &Summaries)
      : E(E), Ctx(Ctx), SM(Ctx.getSourceManager()), Summaries(Summaries) {}

  /// One statement of a block of \p FD.
  void item(const Stmt *S, const FunctionDecl *FD) {
    Allocations = &Summaries.allocations(FD);
    E.S = S;
    NameFinder(E.Named).TraverseStmt(const_cast<Stmt *>(S));
    visit(S);
    // Named by its MPI call only if the statement is that call.
    const Expr *Ex = dyn_cast<Expr>(S);
    if (Ex) {
      Ex = Ex->IgnoreParenCasts();
      if (const auto *BO = dyn_cast<BinaryOperator>(Ex);
          BO && BO->getOpcode() == BO_Assign)
        Ex = BO->getRHS()->IgnoreParenCasts();
    }
    if (!Ex || !isa<CallExpr>(Ex))
      E.MPI = nullptr;
  }

  /// The body of \p FD, as its callers see it.
  void summarize(const FunctionDecl *FD, CallSummary &Out) {
    Summarized = FD;
    Tracked = trackedParameters(FD);
    Allocations = &Summaries.allocations(FD);
    Out.Params.resize(FD->getNumParams());
    Summary = &Out;
    visit(FD->getBody());
    if (!E.Barrier && E.Role == CommRole::Start)
      barrier(FD->getBody(), "starts a transfer it does not complete");
    if (!E.Barrier && E.Role == CommRole::Completion)
      barrier(FD->getBody(), "completes a transfer it does not start");
    if (E.Barrier) {
      Out.Barrier = true;
      Out.Why = E.Why;
      return;
    }
    // Its own variables are gone when it returns.
    auto Outside = [](const ValueDecl *D) {
      const auto *VD = dyn_cast<VarDecl>(D);
      return VD && !VD->hasLocalStorage();
    };
    for (const ValueDecl *D : E.Reads)
      if (Outside(D))
        Out.Reads.insert(D);
    for (const ValueDecl *D : E.Writes)
      if (Outside(D))
        Out.Writes.insert(D);
    Out.ReadsIndirect = E.ReadsIndirect;
    Out.WritesIndirect = E.WritesIndirect;
    Out.Role = E.Role;
    Out.Matches = E.Matches;
  }

private:
  void barrier(const Stmt *At, std::string Why) {
    if (E.Barrier)
      return;
    E.Barrier = true;
    E.BarrierAt = At;
    E.Why = std::move(Why);
  }

  void access(const ValueDecl *D, bool Read, bool Write) {
    // MPI's predefined handles in Open MPI are addresses of library globals
    // (&ompi_mpi_double): nothing the user's code writes.
    if (SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return;
    if (Read)
      E.Reads.insert(D);
    if (Write)
      E.Writes.insert(D);
  }
  void indirect(bool Read, bool Write) {
    E.ReadsIndirect |= Read;
    E.WritesIndirect |= Write;
  }
  /// The parameter (or `this`) whose pointee a summarized function reaches
  /// through \p Pointer, if it is one (p, p + k, this).
  CallSummary::Access *tracked(const Expr *Pointer) {
    if (!Summarized)
      return nullptr;
    const Expr *P = Pointer->IgnoreParenImpCasts();
    while (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (!BO->isAdditiveOp() || !BO->getLHS()->getType()->isPointerType())
        break;
      P = BO->getLHS()->IgnoreParenImpCasts();
    }
    if (isa<CXXThisExpr>(P))
      return &Summary->This;
    const auto *DRE = dyn_cast<DeclRefExpr>(P);
    const auto *PV = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    if (!PV || !Tracked.contains(PV) ||
        PV->getFunctionScopeIndex() >= Summary->Params.size())
      return nullptr;
    return &Summary->Params[PV->getFunctionScopeIndex()];
  }
  /// If \p Pointer is a tracked parameter (or `this`) of the summarized
  /// function, records the access as the parameter's.
  bool throughParameter(const Expr *Pointer, bool Read, bool Write) {
    CallSummary::Access *A = tracked(Pointer);
    if (!A)
      return false;
    A->Read |= Read;
    A->Write |= Write;
    return true;
  }
  /// An access through \p Pointer, whose value is read.
  void through(const Expr *Pointer, bool Read, bool Write) {
    // The pointer's value is read (p[i] = 0 does not write p).
    const auto *DRE = dyn_cast<DeclRefExpr>(Pointer->IgnoreParenImpCasts());
    if (DRE && !DRE->getDecl()->getType()->isReferenceType())
      access(DRE->getDecl(), /*Read=*/true, false);
    else
      visit(Pointer);
    // A pointer that only ever points at its own allocation: the access is
    // to that memory, which the pointer variable stands for.
    if (DRE && Allocations && Allocations->contains(DRE->getDecl()))
      return access(DRE->getDecl(), Read, Write);
    if (!throughParameter(Pointer, Read, Write))
      indirect(Read, Write);
  }

  /// An access to the object \p X designates.
  void lvalue(const Expr *X, bool Read, bool Write) {
    X = X->IgnoreParenImpCasts();
    if (X->getType().isVolatileQualified())
      barrier(X, "accesses volatile memory");
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X)) {
      const ValueDecl *D = DRE->getDecl();
      if (isa<FunctionDecl, EnumConstantDecl>(D))
        return;
      if (D->getType()->isReferenceType()) {
        access(D, /*Read=*/true, false);
        if (throughParameter(DRE, Read, Write))
          return;
        if (const VarDecl *Bound = boundVariable(D))
          return access(Bound, Read, Write);
        indirect(Read, Write);
        return;
      }
      access(D, Read, Write);
      return;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(X)) {
      visit(AS->getIdx());
      const Expr *Base = AS->getBase()->IgnoreParenImpCasts();
      if (Base->getType()->isArrayType()) // a[i] of an array: a
        return lvalue(Base, Read, Write);
      return through(Base, Read, Write); // p[i]: reads p, reaches its memory
    }
    if (const auto *ME = dyn_cast<MemberExpr>(X)) {
      if (!ME->isArrow())
        return lvalue(ME->getBase(), Read, Write);
      return through(ME->getBase(), Read, Write);
    }
    if (const auto *U = dyn_cast<UnaryOperator>(X);
        U && U->getOpcode() == UO_Deref)
      return through(U->getSubExpr(), Read, Write);
    if (std::optional<ContainerAccess> C = containerAccessor(X, SM);
        C && C->Elements)
      return container(cast<CallExpr>(X), *C, Read, Write);
    visit(X);
    indirect(Read, Write);
  }

  /// An accessor's call (containerAccessor): its index is evaluated, and the
  /// elements or the container are accessed as the container's object.
  void container(const CallExpr *Call, const ContainerAccess &C, bool Read,
                 bool Write) {
    for (const Expr *Arg : Call->arguments())
      if (Arg != C.Container)
        visit(Arg);
    lvalue(C.Container, Read, Write);
  }

  /// The memory a buffer argument points at: &x, an array, a + k.
  void buffer(const Expr *Arg, bool Read, bool Write) {
    const Expr *X = Arg->IgnoreParenCasts();
    // MPI_STATUS_IGNORE, MPI_IN_PLACE, NULL: no memory of the user's. An
    // integer cast to a pointer, (MPI_Status *)1, is no constant expression.
    // The address of a global or static (`buf`, `&x`) is a constant too,
    // but of memory: it has a base.
    Expr::EvalResult Constant;
    if (!X->isValueDependent() &&
        ((Arg->EvaluateAsRValue(Constant, Ctx) &&
          !(Constant.Val.isLValue() && Constant.Val.getLValueBase())) ||
         (X->getType()->isIntegerType() && X->isIntegerConstantExpr(Ctx))))
      return;
    if (const auto *U = dyn_cast<UnaryOperator>(X);
        U && U->getOpcode() == UO_AddrOf)
      return lvalue(U->getSubExpr(), Read, Write);
    if (const auto *BO = dyn_cast<BinaryOperator>(X);
        BO && BO->isAdditiveOp() && BO->getLHS()->getType()->isPointerType()) {
      visit(BO->getRHS());
      return buffer(BO->getLHS(), Read, Write);
    }
    if (X->getType()->isArrayType()) // decayed array
      return lvalue(X, Read, Write);
    if (std::optional<ContainerAccess> C = containerAccessor(X, SM);
        C && C->Elements) // v.data()
      return container(cast<CallExpr>(X), *C, Read, Write);
    through(X, Read, Write); // a pointer: what it points at is unknown
  }

  /// The request variable an argument names (&r, &rs[i], rs, rs + i), as
  /// a slot; false if it is reached through a pointer.
  bool requestSlot(const Expr *Arg) {
    const Expr *X = Arg->IgnoreParenCasts();
    std::optional<long> Index;
    if (const auto *U = dyn_cast<UnaryOperator>(X);
        U && U->getOpcode() == UO_AddrOf)
      X = U->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(X);
        BO && BO->getOpcode() == BO_Add) {
      visit(BO->getRHS());
      Index = constantOf(BO->getRHS(), Ctx);
      X = BO->getLHS()->IgnoreParenImpCasts();
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(X)) {
      visit(AS->getIdx());
      Index = constantOf(AS->getIdx(), Ctx);
      X = AS->getBase()->IgnoreParenImpCasts();
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(X);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || VD->getType()->isReferenceType() ||
        (VD->getType()->isPointerType() && Index)) {
      visit(Arg);
      return false;
    }
    E.Requests.insert(VD);
    E.Slots.push_back({VD, Index});
    return true;
  }

  /// A statement's part in communication is that of its calls: a loop of
  /// starts is a start; starts and completions together, blocking.
  void role(CommRole R) {
    if (E.Role == CommRole::None || E.Role == R)
      E.Role = R;
    else
      E.Role = CommRole::Blocking;
  }

  void communication(const CallExpr *Call, const MPICallee &M) {
    E.MPI = M.Info;
    const MPIFunctionInfo *Info = M.Info;
    if (!Info || !Info->isSupported())
      return barrier(Call, "calls '" + M.Name.str() + "'");
    auto arg = [&](int8_t I) -> const Expr * {
      return I >= 0 && unsigned(I) < Call->getNumArgs() ? Call->getArg(I)
                                                        : nullptr;
    };
    const MPIArgs &A = Info->Args;
    if (Info->isPointToPoint()) {
      // A split call's start matches messages; its completion holds the
      // buffers until it returns and fills the status.
      bool Starting = !E.Split || E.Split->Is == SplitCall::Start;
      bool Completing = !E.Split || E.Split->Is == SplitCall::Completion;
      if (E.Split)
        role(Starting ? CommRole::Start : CommRole::Completion);
      else
        role(A.Request >= 0 ? CommRole::Start : CommRole::Blocking);
      llvm::SmallVector<int8_t, 8> Handled;
      if (const Expr *Buf = arg(A.SendBuf)) {
        buffer(Buf, /*Read=*/true, /*Write=*/false);
        if (Starting)
          E.Matches.push_back(
              key(true, arg(A.Dest), arg(A.SendTag), arg(A.Comm)));
        Handled.push_back(A.SendBuf);
      }
      if (const Expr *Buf = arg(A.RecvBuf)) {
        buffer(Buf, /*Read=*/true, /*Write=*/true);
        if (Starting)
          E.Matches.push_back(
              key(false, arg(A.Source), arg(A.RecvTag), arg(A.Comm)));
        Handled.push_back(A.RecvBuf);
      }
      if (const Expr *Req = arg(A.Request)) {
        if (!requestSlot(Req))
          indirect(false, true);
        Handled.push_back(A.Request);
      }
      if (const Expr *Status = arg(A.Status)) {
        if (Completing)
          buffer(Status, false, true);
        Handled.push_back(A.Status);
      }
      // The transfer uses its datatype and communicator until it completes
      // (MPI_Type_free stays after the completion).
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (!llvm::is_contained(Handled, int8_t(I)))
          visit(Call->getArg(I));
      return;
    }
    if (Info->Kind == MPIKind::Wait) {
      role(CommRole::Completion);
      for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
        const Expr *Arg = Call->getArg(I);
        if (int(I) == A.Request) {
          if (!requestSlot(Arg))
            indirect(true, true);
        } else if (int(I) == A.Status) {
          buffer(Arg, false, true);
        } else if (Arg->getType()->isPointerType()) {
          buffer(Arg, false, true); // index, flag, statuses: outputs
        } else {
          visit(Arg);
        }
      }
      return;
    }
    if (!Info->mayWait() && (Info->Kind == MPIKind::ProcessLocal ||
                             Info->Kind == MPIKind::Communicator)) {
      // MPI_Comm_rank and the like: inputs and outputs, no communication.
      for (const Expr *Arg : Call->arguments()) {
        QualType T = Arg->IgnoreParenImpCasts()->getType();
        if (T->isPointerType() && !T->getPointeeType().isConstQualified())
          buffer(Arg, true, true);
        else
          visit(Arg);
      }
      return;
    }
    if (Info->Kind == MPIKind::Collective && A.Request < 0) {
      // Blocking: every rank calls its collectives in the same order, and
      // one keeps its place among communication like a blocking send.
      role(CommRole::Blocking);
      for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
        const Expr *Arg = Call->getArg(I);
        if (int(I) == A.RecvBuf)
          buffer(Arg, /*Read=*/true, /*Write=*/true);
        else if (int(I) == A.SendBuf)
          buffer(Arg, /*Read=*/true, /*Write=*/false);
        else if (Arg->getType()->isPointerType() &&
                 !Arg->getType()->getPointeeType().isConstQualified())
          buffer(Arg, true, true);
        else
          visit(Arg);
      }
      return;
    }
    barrier(Call,
            std::string(describeKind(Info->Kind)) + " '" + M.Name.str() + "'");
  }

  /// A call to a function of the translation unit: its summary's effects,
  /// on the arguments it was given.
  void call(const CallExpr *Call, const FunctionDecl *Callee) {
    std::string Name = "'" + Callee->getNameAsString() + "'";
    const FunctionDecl *Def = Callee->getDefinition();
    if (!Def || SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())))
      return barrier(Call, "calls " + Name + ", whose effects are unknown");
    const auto *Method = dyn_cast<CXXMethodDecl>(Def);
    if (Method && Method->isVirtual())
      return barrier(Call, "calls the virtual function " + Name);
    if (Def->isVariadic())
      return barrier(Call, "calls " + Name +
                               ", which takes variable "
                               "arguments");
    const CallSummary *S = Summaries.of(Def);
    if (!S)
      return barrier(Call, "calls " + Name + " recursively");
    if (S->Barrier)
      return barrier(Call, "calls " + Name + ", which " + S->Why);
    for (const ValueDecl *D : S->Reads)
      access(D, true, false);
    for (const ValueDecl *D : S->Writes)
      access(D, false, true);
    indirect(S->ReadsIndirect, S->WritesIndirect);
    if (S->Role != CommRole::None)
      role(S->Role);
    llvm::append_range(E.Matches, S->Matches);
    unsigned First = 0;
    const Expr *Object = nullptr;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
      Object = MC->getImplicitObjectArgument();
    } else if (isa<CXXOperatorCallExpr>(Call) && Method) {
      Object = Call->getArg(0);
      First = 1;
    }
    if (Object && Method && !Method->isStatic()) {
      if (Object->getType()->isPointerType())
        buffer(Object, S->This.Read, S->This.Write);
      else
        lvalue(Object, S->This.Read, S->This.Write);
    }
    for (unsigned I = First; I < Call->getNumArgs(); ++I) {
      const Expr *Arg = Call->getArg(I);
      unsigned P = I - First;
      if (P >= Def->getNumParams()) {
        visit(Arg);
        continue;
      }
      QualType T = Def->getParamDecl(P)->getType();
      CallSummary::Access A = S->Params[P];
      if (T->isReferenceType())
        lvalue(Arg, A.Read, A.Write);
      else if (T->isPointerType() && (A.Read || A.Write))
        buffer(Arg, A.Read, A.Write);
      else
        visit(Arg);
    }
  }

  MatchKey key(bool Sends, const Expr *Peer, const Expr *Tag,
               const Expr *Comm) {
    MatchKey K;
    K.Sends = Sends;
    K.Peer = constantOf(Peer, Ctx);
    K.Tag = constantOf(Tag, Ctx);
    // MPI_ANY_SOURCE and MPI_ANY_TAG are negative in every MPI.
    K.Wildcard = (K.Peer && *K.Peer < 0) || (K.Tag && *K.Tag < 0);
    if (Comm)
      K.Comm = Lexer::getSourceText(
                   CharSourceRange::getTokenRange(Comm->getSourceRange()), SM,
                   Ctx.getLangOpts())
                   .str();
    return K;
  }

  /// Evaluates \p S for its value (or runs it, for a statement).
  void visit(const Stmt *S) {
    if (!S)
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp()) {
        visit(BO->getRHS());
        return lvalue(BO->getLHS(), BO->isCompoundAssignmentOp(), true);
      }
    } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
      if (U->isIncrementDecrementOp())
        return lvalue(U->getSubExpr(), true, true);
      if (U->getOpcode() == UO_AddrOf) {
        // The address, not the value; what is done through it is indirect.
        const Expr *Sub = U->getSubExpr()->IgnoreParenImpCasts();
        if (const auto *DRE = dyn_cast<DeclRefExpr>(Sub))
          return access(DRE->getDecl(), true, false);
        return lvalue(Sub, true, false);
      }
      if (U->getOpcode() == UO_Deref)
        return lvalue(U, true, false);
    } else if (const auto *Cast = dyn_cast<ImplicitCastExpr>(S)) {
      if (Cast->getCastKind() == CK_LValueToRValue)
        return lvalue(Cast->getSubExpr(), true, false);
    } else if (isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr>(S)) {
      // An lvalue used as such (bound to a reference, decayed): its address
      // may be used for anything.
      return lvalue(cast<Expr>(S), true, true);
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      MPICallee M;
      if (matchMPICall(*Call, SM, M))
        return communication(Call, M);
      // v.size() reads v; an element or v.data() used other than as an
      // lvalue or a buffer may be used for anything, as `x` alone is.
      if (std::optional<ContainerAccess> C = containerAccessor(Call, SM))
        return container(Call, *C, true, C->Elements);
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (!Callee)
        return barrier(Call, "calls through a pointer");
      if (isPureLibraryFunction(Callee, SM)) {
        for (const Expr *Arg : Call->arguments())
          visit(Arg);
        return;
      }
      if (const BufferFunction *F = bufferLibraryFunction(Callee, SM)) {
        for (unsigned I = 0; I < Call->getNumArgs(); ++I)
          if (int(I) == F->Writes || int(I) == F->Reads)
            buffer(Call->getArg(I), int(I) == F->Reads, int(I) == F->Writes);
          else
            visit(Call->getArg(I));
        return;
      }
      return call(Call, Callee);
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(D);
        if (!VD) // a type: what uses it is not followed
          return barrier(S, "declares a type");
        if (const IdentifierInfo *II = VD->getIdentifier())
          E.Declared.insert(II);
        if (!VD->hasLocalStorage())
          return barrier(S, "declares a static variable");
        if (const CXXRecordDecl *RD = VD->getType()->getAsCXXRecordDecl();
            RD && RD->hasDefinition() && !RD->isTriviallyCopyable())
          return barrier(S, "declares an object with a constructor or "
                            "destructor");
        if (VD->getType()->isVariablyModifiedType())
          return barrier(S, "declares a variable-length array");
        access(VD, false, true);
        visit(VD->getInit());
      }
      return;
    } else if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt, LabelStmt>(S)) {
      if (!Summarized) // a function's own control flow is its business
        return barrier(S, "leaves or enters the block");
    } else if (isa<SwitchCase>(S) && LoopDepth == 0 && !Summarized) {
      return barrier(S, "is a case label of the enclosing switch");
    } else if (isa<BreakStmt, ContinueStmt>(S)) {
      if (LoopDepth == 0)
        return barrier(S, "leaves or enters the block");
      return;
    } else if (isa<ForStmt, WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt>(
                   S)) {
      ++LoopDepth;
      for (const Stmt *Child : childStatements(S))
        visit(Child);
      --LoopDepth;
      return;
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(S);
               CE && CE->getConstructor()->isTrivial()) {
      // A C struct's (MPI_Status s;): nothing runs, a copy reads its source.
      for (const Expr *Arg : CE->arguments())
        lvalue(Arg, /*Read=*/true, /*Write=*/false);
      return;
    } else if (isa<CXXConstructExpr, CXXNewExpr, CXXDeleteExpr, CXXThrowExpr,
                   LambdaExpr, StmtExpr, AsmStmt, CXXTryStmt, CapturedStmt>(
                   S) ||
               isa<OMPExecutableDirective>(S)) {
      return barrier(S, "has effects the analysis does not model");
    } else if (const auto *UE = dyn_cast<UnaryExprOrTypeTraitExpr>(S);
               UE && !UE->getTypeOfArgument()->isVariablyModifiedType()) {
      return; // sizeof: not evaluated
    }
    for (const Stmt *Child : childStatements(S))
      visit(Child);
  }

  Effects &E;
  ASTContext &Ctx;
  const SourceManager &SM;
  CallSummaries &Summaries;
  unsigned LoopDepth = 0;
  // While summarizing a function: it, its tracked parameters, the summary.
  const FunctionDecl *Summarized = nullptr;
  llvm::SmallPtrSet<const ValueDecl *, 4> Tracked;
  CallSummary *Summary = nullptr;
  const llvm::SmallPtrSetImpl<const ValueDecl *> *Allocations = nullptr;
};

/// Whether an MPI call of \p Info keeps no address it is given beyond what
/// the model says (a nonblocking transfer's buffer until its completion):
/// passing `&x` to it does not make x reachable through pointers.
bool keepsNoAddress(const MPIFunctionInfo &Info) {
  return Info.isPointToPoint() || Info.Kind == MPIKind::Wait ||
         (Info.Kind == MPIKind::Collective && Info.Args.Request < 0) ||
         Info.Name == "MPI_Comm_rank" || Info.Name == "MPI_Comm_size";
}

/// The variables whose address a function lets out: taken (&x, &a[i]) or an
/// array decayed other than to be indexed, except as an argument of an MPI
/// call the model describes; references, records and globals.
class EscapeFinder : public RecursiveASTVisitor<EscapeFinder> {
public:
  EscapeFinder(llvm::SmallPtrSet<const ValueDecl *, 8> &Out,
               const SourceManager &SM)
      : Out(Out), SM(SM) {}
  // Calls and subscripts are visited before their operands.
  bool VisitCallExpr(CallExpr *Call) {
    MPICallee M;
    if (!matchMPICall(*Call, SM, M) || !M.Info || !keepsNoAddress(*M.Info))
      return true;
    for (const Expr *Arg : Call->arguments()) {
      const Expr *X = Arg->IgnoreParens();
      while (true) {
        if (const auto *Cast = dyn_cast<CastExpr>(X);
            Cast && Cast->getCastKind() != CK_ArrayToPointerDecay)
          X = Cast->getSubExpr()->IgnoreParens();
        else if (const auto *BO = dyn_cast<BinaryOperator>(X);
                 BO && BO->isAdditiveOp() &&
                 BO->getLHS()->getType()->isPointerType())
          X = BO->getLHS()->IgnoreParens();
        else
          break;
      }
      Modeled.insert(X);
    }
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *AS) {
    Modeled.insert(AS->getBase()->IgnoreParens());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf && !Modeled.contains(U))
      escape(U->getSubExpr());
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() == CK_ArrayToPointerDecay &&
        !Modeled.contains(Cast))
      escape(Cast->getSubExpr());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && (!VD->hasLocalStorage() || VD->getType()->isReferenceType() ||
               VD->getType()->isRecordType()))
      Out.insert(VD);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        Out.insert(cast<ValueDecl>(C.getCapturedVar()));
    return true;
  }

private:
  void escape(const Expr *Object) {
    if (const DeclRefExpr *DRE = designatedVariable(Object))
      Out.insert(DRE->getDecl());
  }

  llvm::SmallPtrSet<const ValueDecl *, 8> &Out;
  const SourceManager &SM;
  llvm::SmallPtrSet<const Expr *, 8> Modeled; // addresses that do not escape
};

bool intersects(const llvm::SmallPtrSetImpl<const ValueDecl *> &A,
                const llvm::SmallPtrSetImpl<const ValueDecl *> &B) {
  for (const ValueDecl *D : A)
    if (B.contains(D))
      return true;
  return false;
}

bool mayMatchSameMessage(const MatchKey &A, const MatchKey &B) {
  if (A.Sends != B.Sends)
    return false;
  if (A.Wildcard || B.Wildcard)
    return true;
  if (A.Peer && B.Peer && *A.Peer != *B.Peer)
    return false;
  if (A.Tag && B.Tag && *A.Tag != *B.Tag)
    return false;
  return true; // communicators are compared by value only at run time
}

/// The nonblocking start of a blocking point-to-point call (MPI_Isend for
/// MPI_Send, MPI_Isendrecv for MPI_Sendrecv): the same arguments, with a
/// request in place of the status.
const MPIFunctionInfo *nonblockingStart(const MPIFunctionInfo &Blocking) {
  llvm::StringRef Name = Blocking.Name;
  if (!Blocking.isPointToPoint() || !Blocking.mayWait() ||
      Blocking.Args.Request >= 0 || !Name.consume_front("MPI_"))
    return nullptr;
  const MPIFunctionInfo *Start = lookupMPIFunction(
      ("MPI_I" + Name.take_front(1).lower() + Name.drop_front(1)).str());
  if (!Start || Start->Kind != Blocking.Kind || Start->Args.Request < 0)
    return nullptr;
  return Start;
}

/// \p S as two halves (SplitCall) if it is a blocking point-to-point call
/// whose arguments may all be evaluated at its start, written so that each
/// argument's text can be taken apart (not assembled by a macro).
std::optional<SplitCall> splittableCall(const Stmt *S, ASTContext &Ctx) {
  const auto *Ex = dyn_cast<Expr>(S);
  const auto *Call = Ex ? dyn_cast<CallExpr>(Ex->IgnoreParenCasts()) : nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  MPICallee M;
  if (!Call || !matchMPICall(*Call, SM, M) || !M.Info ||
      !M.Info->isSupported() || M.Name != M.Info->Name)
    return std::nullopt;
  const MPIFunctionInfo *Start = nonblockingStart(*M.Info);
  // A declaration between statements needs C99 in C.
  if (!Start || (!Ctx.getLangOpts().CPlusPlus && !Ctx.getLangOpts().C99))
    return std::nullopt;
  // The start takes every argument before the status.
  unsigned Arguments = Start->Args.Request + (M.Info->Args.Status >= 0);
  if (Call->getNumArgs() != Arguments ||
      (M.Info->Args.Status >= 0 &&
       M.Info->Args.Status != Start->Args.Request) ||
      !argumentsApart(Call, Ctx))
    return std::nullopt;
  return SplitCall{SplitCall::Start, Call, Start};
}

} // namespace

bool argumentsApart(const CallExpr *Call, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Call->getBeginLoc().isFileID() || !Call->getRParenLoc().isFileID())
    return false;
  SourceLocation Previous = Call->getBeginLoc();
  for (const Expr *Arg : Call->arguments()) {
    if (Arg->isValueDependent() || !withoutSideEffects(Arg, Ctx))
      return false;
    CharSourceRange Text = SM.getExpansionRange(Arg->getSourceRange());
    if (!SM.isBeforeInTranslationUnit(Previous, Text.getBegin()))
      return false; // two arguments from one macro
    Previous = Text.getEnd();
  }
  return true;
}

bool withoutSideEffects(const Expr *E, const ASTContext &Ctx) {
  if (!E->HasSideEffects(Ctx))
    return true;
  const Expr *X = E->IgnoreParens();
  bool Accessor = containerAccessor(X, Ctx.getSourceManager()).has_value();
  if (!Accessor && !(isa<CastExpr, ArraySubscriptExpr, MemberExpr>(X) ||
                     (isa<BinaryOperator>(X) &&
                      !cast<BinaryOperator>(X)->isAssignmentOp()) ||
                     (isa<UnaryOperator>(X) &&
                      !cast<UnaryOperator>(X)->isIncrementDecrementOp())))
    return false;
  for (const Stmt *Child : X->children())
    if (Child && !withoutSideEffects(cast<Expr>(Child), Ctx))
      return false;
  return true;
}

std::optional<ContainerAccess> containerAccessor(const Expr *X,
                                                 const SourceManager &SM) {
  const auto *Call = dyn_cast<CallExpr>(X->IgnoreParens());
  const auto *Method =
      Call ? dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee()) : nullptr;
  if (!Method || Method->isStatic())
    return std::nullopt;
  const CXXRecordDecl *Class = Method->getParent();
  if (!Class->isInStdNamespace() || !Class->getIdentifier() ||
      !llvm::is_contained({"vector", "array"}, Class->getName()) ||
      !SM.isInSystemHeader(SM.getExpansionLoc(Class->getLocation())))
    return std::nullopt;
  const Expr *Object = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    Object = MC->getImplicitObjectArgument();
  else if (isa<CXXOperatorCallExpr>(Call))
    Object = Call->getArg(0);
  if (!Object || Object->getType()->isPointerType())
    return std::nullopt;
  if (Method->getOverloadedOperator() == OO_Subscript)
    return ContainerAccess{Object, true};
  if (!Method->getIdentifier())
    return std::nullopt;
  llvm::StringRef Name = Method->getName();
  if (llvm::is_contained({"data", "front", "back"}, Name))
    return ContainerAccess{Object, true};
  if (llvm::is_contained({"size", "empty"}, Name))
    return ContainerAccess{Object, false};
  return std::nullopt;
}

const CallSummary *CallSummaries::of(const FunctionDecl *FD) {
  auto [It, New] = Done.try_emplace(FD);
  if (!New)
    return It->second ? &*It->second : nullptr;
  CallSummary S;
  Effects Body;
  Collector(Body, Ctx, *this).summarize(FD, S);
  It->second =
      std::move(S); // a map's iterators outlive the recursion's inserts
  return &*It->second;
}

const llvm::SmallPtrSetImpl<const ValueDecl *> &
CallSummaries::allocations(const FunctionDecl *FD) {
  auto [It, New] = Allocated.try_emplace(FD);
  if (New && FD->getBody()) {
    AllocationFinder Finder(Ctx.getSourceManager());
    Finder.TraverseStmt(FD->getBody());
    It->second = ValueOnlyUses(Finder.Found, FD->getBody()).result();
  }
  return It->second;
}

std::vector<Effects> blockEffects(const CompoundStmt *Block,
                                  const FunctionDecl *FD, ASTContext &Ctx,
                                  CallSummaries &Summaries) {
  std::vector<Effects> Out;
  for (const Stmt *S : Block->body()) {
    std::optional<SplitCall> Split = splittableCall(S, Ctx);
    if (!Split) {
      Out.emplace_back();
      Collector(Out.back(), Ctx, Summaries).item(S, FD);
      continue;
    }
    for (SplitCall::Half Is : {SplitCall::Start, SplitCall::Completion}) {
      Out.emplace_back();
      Out.back().Split = *Split;
      Out.back().Split->Is = Is;
      Collector(Out.back(), Ctx, Summaries).item(S, FD);
    }
  }
  // A completion completes the transfers its requests started: a receive
  // writes its buffer, a send's buffer stays read, until then.
  for (size_t I = 0; I < Out.size(); ++I) {
    Effects &Done = Out[I];
    if (Done.Role != CommRole::Completion || Done.Split)
      continue;
    bool Matched = false;
    for (size_t J = 0; J < I; ++J) {
      const Effects &Start = Out[J];
      if (Start.Role != CommRole::Start ||
          !intersects(Start.Requests, Done.Requests))
        continue;
      Matched = true;
      for (const ValueDecl *D : Start.Reads)
        if (!Start.Requests.contains(D))
          Done.Reads.insert(D);
      for (const ValueDecl *D : Start.Writes)
        if (!Start.Requests.contains(D))
          Done.Writes.insert(D);
      Done.ReadsIndirect |= Start.ReadsIndirect;
      Done.WritesIndirect |= Start.WritesIndirect;
    }
    if (!Matched) // started elsewhere: its buffer is unknown
      Done.WritesIndirect = Done.ReadsIndirect = true;
  }
  return Out;
}

std::optional<std::string>
dependence(const Effects &A, const Effects &B,
           const llvm::SmallPtrSetImpl<const ValueDecl *> &Escaped) {
  if (A.Split && B.Split && A.S == B.S)
    return std::string("starts the transfer the other completes");
  if (A.Barrier)
    return A.Why;
  if (B.Barrier)
    return B.Why;
  auto Shared = [](const auto &X, const auto &Y) -> const ValueDecl * {
    for (const ValueDecl *D : X)
      if (Y.contains(D))
        return D;
    return nullptr;
  };
  auto Quoted = [](const NamedDecl *D) {
    return "'" + D->getNameAsString() + "'";
  };
  if (const ValueDecl *D = Shared(A.Writes, B.Reads))
    return "writes " + Quoted(D) + ", which the other reads";
  if (const ValueDecl *D = Shared(A.Writes, B.Writes))
    return "writes " + Quoted(D) + ", which the other writes";
  if (const ValueDecl *D = Shared(A.Reads, B.Writes))
    return "reads " + Quoted(D) + ", which the other writes";
  for (const IdentifierInfo *Name : A.Declared)
    if (B.Named.contains(Name) || B.Declared.contains(Name))
      return "declares '" + Name->getName().str() + "', a name the other uses";
  for (const IdentifierInfo *Name : B.Declared)
    if (A.Named.contains(Name))
      return "uses '" + Name->getName().str() + "', a name the other declares";
  // Request slots are written by starts and completions alike.
  auto SlotsMeet = [](const Effects &X, const Effects &Y) -> const ValueDecl * {
    for (const Effects::Slot &S : X.Slots) {
      if (Y.Reads.contains(S.Var) || Y.Writes.contains(S.Var))
        return S.Var;
      for (const Effects::Slot &T : Y.Slots)
        if (S.Var == T.Var && !(S.Index && T.Index && *S.Index != *T.Index))
          return S.Var;
    }
    return nullptr;
  };
  const ValueDecl *Slot = SlotsMeet(A, B);
  if (!Slot)
    Slot = SlotsMeet(B, A);
  if (Slot)
    return "uses the request " + Quoted(Slot);
  // What a pointer may reach: escaped variables, and any variable outside
  // a function, which a called function may name without the caller.
  auto PointedTo = [&](const ValueDecl *D) {
    const auto *VD = dyn_cast<VarDecl>(D);
    return Escaped.contains(D) || (VD && !VD->hasLocalStorage());
  };
  auto Reachable = [&](const llvm::SmallPtrSetImpl<const ValueDecl *> &Set) {
    return llvm::any_of(Set, PointedTo);
  };
  auto SlotEscaped = [&](const Effects &X) {
    return llvm::any_of(
        X.Slots, [&](const Effects::Slot &S) { return PointedTo(S.Var); });
  };
  auto TouchesIndirectly = [&](const Effects &X, bool Write) {
    // Whether X may touch what an indirect write (or, if !Write, read)
    // reaches.
    if (Write)
      return X.ReadsIndirect || X.WritesIndirect || Reachable(X.Reads) ||
             Reachable(X.Writes) || SlotEscaped(X);
    return X.WritesIndirect || Reachable(X.Writes) || SlotEscaped(X);
  };
  if ((A.WritesIndirect && TouchesIndirectly(B, true)) ||
      (B.WritesIndirect && TouchesIndirectly(A, true)) ||
      (A.ReadsIndirect && TouchesIndirectly(B, false)) ||
      (B.ReadsIndirect && TouchesIndirectly(A, false)))
    return std::string("may access the same memory through a pointer");
  if (A.Role == CommRole::None || B.Role == CommRole::None)
    return std::nullopt;
  bool StartUp = A.Role == CommRole::Blocking && B.Role == CommRole::Start;
  bool CompletionDown =
      A.Role == CommRole::Completion && B.Role == CommRole::Blocking;
  if ((A.Role == CommRole::Blocking || B.Role == CommRole::Blocking) &&
      !StartUp && !CompletionDown)
    return std::string("blocking communication keeps its place");
  for (const MatchKey &X : A.Matches)
    for (const MatchKey &Y : B.Matches)
      if (mayMatchSameMessage(X, Y))
        return std::string("may match the same message (MPI's order)");
  return std::nullopt;
}

llvm::SmallPtrSet<const ValueDecl *, 8> escapedVariables(const FunctionDecl *FD,
                                                         ASTContext &Ctx) {
  llvm::SmallPtrSet<const ValueDecl *, 8> Out;
  // An allocation's pointer stands for its memory, which a copy of the
  // pointer may reach.
  AllocationFinder Finder(Ctx.getSourceManager());
  Finder.TraverseStmt(FD->getBody());
  Out.insert(Finder.Found.begin(), Finder.Found.end());
  for (const ParmVarDecl *P : FD->parameters())
    if (P->getType()->isReferenceType())
      Out.insert(P);
  EscapeFinder(Out, Ctx.getSourceManager())
      .TraverseDecl(const_cast<FunctionDecl *>(FD));
  return Out;
}

} // namespace bamboo
