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

/// Library functions that only compute from their arguments.
bool isPureLibraryFunction(const FunctionDecl *FD, const SourceManager &SM) {
  static const llvm::StringSet<> Names = {
      "sqrt",  "cbrt",  "sin",    "cos",   "tan",   "asin", "acos",
      "atan",  "atan2", "exp",    "exp2",  "log",   "log2", "log10",
      "pow",   "fabs",  "abs",    "labs",  "floor", "ceil", "round",
      "trunc", "fmod",  "fmin",   "fmax",  "hypot", "sinh", "cosh",
      "tanh",  "erf",   "sqrtf",  "fabsf", "expf",  "logf", "powf",
      "sinf",  "cosf",  "floorf", "ceilf", "min",   "max"};
  if (!FD->getIdentifier() || !Names.contains(FD->getName()))
    return false;
  return SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation()));
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

class Collector {
public:
  Collector(Effects &E, ASTContext &Ctx)
      : E(E), Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  void item(const Stmt *S) {
    E.S = S;
    NameFinder(E.Named).TraverseStmt(const_cast<Stmt *>(S));
    if (const auto *Call = topLevelCall(S)) {
      MPICallee M;
      if (matchMPICall(*Call, SM, M)) {
        communication(Call, M);
        return;
      }
    }
    visit(S);
  }

private:
  /// The call an expression statement is (f(...); err = f(...); (void)f()).
  const CallExpr *topLevelCall(const Stmt *S) {
    const auto *Ex = dyn_cast<Expr>(S);
    if (!Ex)
      return nullptr;
    Ex = Ex->IgnoreParenCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(Ex);
        BO && BO->getOpcode() == BO_Assign) {
      lvalue(BO->getLHS(), /*Read=*/false, /*Write=*/true);
      Ex = BO->getRHS()->IgnoreParenCasts();
    }
    return dyn_cast<CallExpr>(Ex);
  }

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
      visit(Base); // p[i]: reads p, reaches memory through it
      indirect(Read, Write);
      return;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(X)) {
      if (!ME->isArrow())
        return lvalue(ME->getBase(), Read, Write);
      visit(ME->getBase());
      indirect(Read, Write);
      return;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(X);
        U && U->getOpcode() == UO_Deref) {
      visit(U->getSubExpr());
      indirect(Read, Write);
      return;
    }
    visit(X);
    indirect(Read, Write);
  }

  /// The memory a buffer argument points at: &x, an array, a + k.
  void buffer(const Expr *Arg, bool Read, bool Write) {
    const Expr *X = Arg->IgnoreParenCasts();
    if (!X->isValueDependent() && Arg->isEvaluatable(Ctx))
      return; // MPI_STATUS_IGNORE, MPI_IN_PLACE, NULL: no memory of the user's
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
    visit(X); // a pointer: the memory it points at is unknown
    indirect(Read, Write);
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
      bool Starts = A.Request >= 0;
      E.Role = Starts ? CommRole::Start : CommRole::Blocking;
      llvm::SmallVector<int8_t, 8> Handled;
      if (const Expr *Buf = arg(A.SendBuf)) {
        buffer(Buf, /*Read=*/true, /*Write=*/false);
        E.Matches.push_back(
            key(true, arg(A.Dest), arg(A.SendTag), arg(A.Comm)));
        Handled.push_back(A.SendBuf);
      }
      if (const Expr *Buf = arg(A.RecvBuf)) {
        buffer(Buf, /*Read=*/true, /*Write=*/true);
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
        buffer(Status, false, true);
        Handled.push_back(A.Status);
      }
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (!llvm::is_contained(Handled, int8_t(I)))
          visit(Call->getArg(I));
      return;
    }
    if (Info->Kind == MPIKind::Wait) {
      E.Role = CommRole::Completion;
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
    barrier(Call,
            std::string(describeKind(Info->Kind)) + " '" + M.Name.str() + "'");
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
      const FunctionDecl *Callee = Call->getDirectCallee();
      MPICallee M;
      if (matchMPICall(*Call, SM, M))
        return barrier(Call, "calls '" + M.Name.str() +
                                 "' inside a compound statement");
      if (!Callee || !isPureLibraryFunction(Callee, SM))
        return barrier(Call, Callee ? "calls '" + Callee->getNameAsString() +
                                          "', whose effects are unknown"
                                    : "calls through a pointer");
      for (const Expr *Arg : Call->arguments())
        visit(Arg);
      return;
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
      return barrier(S, "leaves or enters the block");
    } else if (isa<SwitchCase>(S) && LoopDepth == 0) {
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
  unsigned LoopDepth = 0;
};

class EscapeFinder : public RecursiveASTVisitor<EscapeFinder> {
public:
  explicit EscapeFinder(llvm::SmallPtrSet<const ValueDecl *, 8> &Out)
      : Out(Out) {}
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts()))
        Out.insert(DRE->getDecl());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD &&
        (!VD->hasLocalStorage() || VD->getType()->isArrayType() ||
         VD->getType()->isReferenceType() || VD->getType()->isRecordType()))
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
  llvm::SmallPtrSet<const ValueDecl *, 8> &Out;
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

} // namespace

std::vector<Effects> blockEffects(const CompoundStmt *Block,
                                  const FunctionDecl *FD, ASTContext &Ctx) {
  std::vector<Effects> Out;
  for (const Stmt *S : Block->body()) {
    Out.emplace_back();
    Collector(Out.back(), Ctx).item(S);
  }
  // A completion completes the transfers its requests started: a receive
  // writes its buffer, a send's buffer stays read, until then.
  for (size_t I = 0; I < Out.size(); ++I) {
    Effects &Done = Out[I];
    if (Done.Role != CommRole::Completion)
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
  auto SlotEscaped = [&](const Effects &X) {
    return llvm::any_of(X.Slots, [&](const Effects::Slot &S) {
      return Escaped.contains(S.Var);
    });
  };
  auto TouchesIndirectly = [&](const Effects &X, bool Write) {
    // Whether X may touch what an indirect write (or, if !Write, read)
    // reaches.
    if (Write)
      return X.ReadsIndirect || X.WritesIndirect ||
             intersects(X.Reads, Escaped) || intersects(X.Writes, Escaped) ||
             SlotEscaped(X);
    return X.WritesIndirect || intersects(X.Writes, Escaped) || SlotEscaped(X);
  };
  if ((A.WritesIndirect && TouchesIndirectly(B, true)) ||
      (B.WritesIndirect && TouchesIndirectly(A, true)) ||
      (A.ReadsIndirect && TouchesIndirectly(B, false)) ||
      (B.ReadsIndirect && TouchesIndirectly(A, false)))
    return std::string("may access the same memory through a pointer");
  if (A.Role == CommRole::None || B.Role == CommRole::None)
    return std::nullopt;
  if (A.Role == CommRole::Blocking || B.Role == CommRole::Blocking)
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
  for (const ParmVarDecl *P : FD->parameters())
    if (P->getType()->isReferenceType())
      Out.insert(P);
  EscapeFinder(Out).TraverseDecl(const_cast<FunctionDecl *>(FD));
  return Out;
}

} // namespace bamboo
