//===- Checks.cpp - The front end's checks --------------------------------===//
//
// Every diagnostic that needs more than one pragma or one call: MPI calls
// Bamboo cannot translate, and the contract of olap regions (SPEC section 3).
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "bamboo/Frontend/CallGraph.h"
#include "bamboo/Frontend/Diagnostics.h"
#include "bamboo/Frontend/Inclusions.h"
#include "bamboo/Frontend/MPIModel.h"
#include "bamboo/Frontend/PragmaTable.h"
#include "bamboo/Frontend/RegionModel.h"
#include "bamboo/Frontend/StmtChildren.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <set>

using namespace clang;

namespace bamboo {

namespace {

/// Where a location key of the call graph (another file's, say) is, in \p SM:
/// the file is loaded for the message if need be.
SourceLocation locationOfKey(SourceManager &SM, llvm::StringRef Key) {
  auto [Rest, Column] = Key.rsplit(':');
  auto [Path, Line] = Rest.rsplit(':');
  unsigned L = 0, C = 0;
  if (Line.getAsInteger(10, L) || Column.getAsInteger(10, C))
    return {};
  llvm::Expected<FileEntryRef> File = SM.getFileManager().getFileRef(Path);
  if (!File) {
    llvm::consumeError(File.takeError());
    return {};
  }
  FileID FID = SM.getOrCreateFileID(*File, SrcMgr::C_User);
  return SM.translateLineCol(FID, L, C);
}

/// Notes that show how a function reaches what it reaches, one per call on
/// the way (at most a few), ending at the MPI call or the olap region. Steps
/// in other files of the program are placed by the graph's locations.
void notePath(DiagTable &Diags, const ReachSet &Set,
              const CallGraph::Node *Start, const PragmaTable &Pragmas,
              SourceManager &SM) {
  constexpr unsigned MaxNotes = 4;
  unsigned Count = 0;
  for (const ReachSet::Step &S : Set.path(Start)) {
    if (Count == MaxNotes)
      break;
    if (S.Call && S.To) {
      SourceLocation At = S.Call->Site ? S.Call->Site->getBeginLoc()
                                       : locationOfKey(SM, S.Call->Location);
      if (At.isValid()) {
        Diags.report(At, Diag::NoteCalls) << S.From->Name << S.To->Name;
        ++Count;
      }
    } else if (S.Use) {
      SourceLocation At = S.Use->Call ? S.Use->Call->getBeginLoc()
                                      : locationOfKey(SM, S.Use->Location);
      if (At.isValid()) {
        Diags.report(At, Diag::NoteCalls) << S.From->Name << S.Use->Name;
        ++Count;
      }
    } else if (S.Region) {
      for (const PragmaRecord &P : Pragmas.pragmas())
        if (P.isBound() && P.Kind == PragmaKind::Olap &&
            CallGraph::keyFor(P.Function) == S.From->Key) {
          Diags.report(P.WordLoc, Diag::NoteHasRegion) << S.From->Name;
          break;
        }
    }
  }
}

void noteRegion(DiagTable &Diags, const Region &R) {
  Diags.report(R.Pragma->WordLoc, Diag::NoteOlapHere);
}

//===----------------------------------------------------------------------===//
// Buffers and requests named by call arguments
//===----------------------------------------------------------------------===//

bool isMethodNamed(const CXXMemberCallExpr *MCE,
                   std::initializer_list<llvm::StringRef> Names) {
  const CXXMethodDecl *MD = MCE->getMethodDecl();
  if (!MD || !MD->getIdentifier())
    return false;
  return llvm::is_contained(Names, MD->getName());
}

/// `v.data()`: a pointer to the start of v.
bool isDataCall(const CXXMemberCallExpr *MCE) {
  return MCE->getNumArgs() == 0 && isMethodNamed(MCE, {"data"});
}

/// Calls that read a container's size, not its elements.
bool isMetadataCall(const CXXMemberCallExpr *MCE) {
  return isMethodNamed(MCE,
                       {"size", "empty", "capacity", "length", "max_size"});
}

/// The variable or field an expression names (through v.data()).
const ValueDecl *baseDecl(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return isa<VarDecl>(DRE->getDecl()) ? DRE->getDecl() : nullptr;
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return isa<FieldDecl>(ME->getMemberDecl()) ? ME->getMemberDecl() : nullptr;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E); MCE && isDataCall(MCE))
    return baseDecl(MCE->getImplicitObjectArgument());
  return nullptr;
}

/// A buffer argument or an access: the object, and the index nearest to it
/// (u for `u`, (u, 1) for `&u[1]`, `&u[1][0]`, `u.data() + 1`). Two
/// references with different indices are taken to be disjoint, the usual
/// case of a halo (received) next to a boundary (sent).
struct BufferRef {
  const ValueDecl *Base = nullptr;
  /// The index; null with Whole false means index 0 (an MPI buffer argument
  /// `u` names the start of u).
  const Expr *Offset = nullptr;
  bool Whole = false;                ///< the object as a whole: f(u)
  std::vector<const Expr *> Indices; ///< every index and offset expression
  /// The number of elements, when an MPI call gives it as a constant.
  std::optional<llvm::APSInt> Extent;
};

/// \p AsMPIBuffer: \p E is the buffer argument of an MPI call.
std::optional<BufferRef> bufferRef(const Expr *E, bool AsMPIBuffer) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  BufferRef Ref;
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->isAdditiveOp() && BO->getLHS()->getType()->isPointerType()) {
    if (const ValueDecl *Base = baseDecl(BO->getLHS())) {
      Ref.Base = Base;
      Ref.Offset = BO->getRHS();
      Ref.Indices.push_back(BO->getRHS());
      return Ref;
    }
    return std::nullopt;
  }
  const Expr *Cur = E;
  while (true) {
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Cur)) {
      Ref.Offset = ASE->getIdx();
      Ref.Indices.push_back(ASE->getIdx());
      Cur = ASE->getBase()->IgnoreParenImpCasts();
      continue;
    }
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Cur);
        OCE && OCE->getOperator() == OO_Subscript && OCE->getNumArgs() == 2) {
      Ref.Offset = OCE->getArg(1);
      Ref.Indices.push_back(OCE->getArg(1));
      Cur = OCE->getArg(0)->IgnoreParenImpCasts();
      continue;
    }
    break;
  }
  Ref.Base = baseDecl(Cur);
  if (!Ref.Base)
    return std::nullopt;
  Ref.Whole = !Ref.Offset && !AsMPIBuffer;
  return Ref;
}

std::optional<llvm::APSInt> constantOf(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!E)
    return llvm::APSInt::get(0);
  if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt();
}

/// Whether two references may overlap: the same object, and the same index
/// (or, with constant indices and counts, overlapping element ranges).
bool mayOverlap(const BufferRef &A, const BufferRef &B, const ASTContext &Ctx) {
  if (A.Base->getCanonicalDecl() != B.Base->getCanonicalDecl())
    return false;
  if (A.Whole || B.Whole)
    return true;
  std::optional<llvm::APSInt> OA = constantOf(A.Offset, Ctx);
  std::optional<llvm::APSInt> OB = constantOf(B.Offset, Ctx);
  if (OA && OB) {
    int64_t BeginA = OA->getExtValue(), BeginB = OB->getExtValue();
    int64_t EndA = BeginA + (A.Extent ? A.Extent->getExtValue() : 1);
    int64_t EndB = BeginB + (B.Extent ? B.Extent->getExtValue() : 1);
    return BeginA < EndB && BeginB < EndA;
  }
  if (!A.Offset || !B.Offset)
    return false;
  llvm::FoldingSetNodeID IA, IB;
  A.Offset->Profile(IA, Ctx, /*Canonical=*/true);
  B.Offset->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

/// The buffer argument \p Buffer of an MPI call, with the count argument
/// \p Count: a buffer named without an index holds count elements from its
/// start, the whole object unless the count is a constant.
std::optional<BufferRef> mpiBufferRef(const Expr *Buffer, const Expr *Count,
                                      const ASTContext &Ctx) {
  std::optional<BufferRef> Ref = bufferRef(Buffer, /*AsMPIBuffer=*/true);
  if (!Ref)
    return std::nullopt;
  if (Count && !Count->isValueDependent()) {
    Expr::EvalResult R;
    if (Count->EvaluateAsInt(R, Ctx))
      Ref->Extent = R.Val.getInt();
  }
  if (!Ref->Offset && !Ref->Extent)
    Ref->Whole = true;
  return Ref;
}

/// Every use of a variable or field in a region, in source order, except as
/// the buffer of a receive, in sizeof, or to ask a container's size.
class AccessCollector {
public:
  struct Access {
    BufferRef Ref;
    const Expr *E;
  };

  AccessCollector(const ASTContext &Ctx)
      : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  std::vector<Access> collect(const Stmt *S) {
    Accesses.clear();
    scan(S);
    return std::move(Accesses);
  }

private:
  void scan(const Stmt *S) {
    if (!S)
      return;
    if (isa<UnaryExprOrTypeTraitExpr>(S))
      return;
    if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      for (const Expr *Init : LE->capture_inits())
        scan(Init);
      return;
    }
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      MPICallee M;
      if (matchMPICall(*CE, SM, M) && M.Info) {
        for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
          // Receiving into a buffer is not a use of what it holds.
          if (int(I) == M.Info->Args.RecvBuf && M.Info->receives())
            continue;
          if (int(I) == M.Info->Args.SendBuf) {
            int Count = M.Info->Args.SendCount;
            const Expr *CountArg =
                Count >= 0 && unsigned(Count) < CE->getNumArgs()
                    ? CE->getArg(Count)
                    : nullptr;
            if (std::optional<BufferRef> Ref =
                    mpiBufferRef(CE->getArg(I), CountArg, Ctx))
              record(CE->getArg(I), *Ref);
            else
              scan(CE->getArg(I));
          } else
            scan(CE->getArg(I));
        }
        return;
      }
    }
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(S);
        MCE && isMetadataCall(MCE))
      return;
    // Moving a pointer (`p += n`, `++p`, `p = q`) changes where it points,
    // not what it points to: not a use of the buffer.
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp() && isPointerVariable(BO->getLHS())) {
      scanPointerValue(BO->getRHS());
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->isIncrementDecrementOp() &&
        isPointerVariable(UO->getSubExpr()))
      return;
    if (const auto *E = dyn_cast<Expr>(S))
      if (std::optional<BufferRef> Ref = bufferRef(E, /*AsMPIBuffer=*/false)) {
        record(E, *Ref);
        return;
      }
    for (const Stmt *Child : childStatements(S))
      scan(Child);
  }

  /// A pointer's new value (`p + n`, `q`): the pointers in it are not used,
  /// what is added to them is.
  void scanPointerValue(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (isPointerVariable(E))
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->isAdditiveOp() && BO->getType()->isPointerType()) {
      bool LeftIsPointer = BO->getLHS()->getType()->isPointerType();
      scanPointerValue(LeftIsPointer ? BO->getLHS() : BO->getRHS());
      scan(LeftIsPointer ? BO->getRHS() : BO->getLHS());
      return;
    }
    scan(E);
  }

  static bool isPointerVariable(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    return Ref && isa<VarDecl>(Ref->getDecl()) && E->getType()->isPointerType();
  }

  void record(const Expr *E, const BufferRef &Ref) {
    Accesses.push_back({Ref, E});
    for (const Expr *Index : Ref.Indices)
      scan(Index);
  }

  const ASTContext &Ctx;
  const SourceManager &SM;
  std::vector<Access> Accesses;
};

//===----------------------------------------------------------------------===//
// Region checks
//===----------------------------------------------------------------------===//

void checkBufferUses(ASTContext &Ctx, const Region &R, DiagTable &Diags) {
  const SourceManager &SM = Ctx.getSourceManager();
  struct Received {
    BufferRef Ref;
    const MPICallSite *Site;
    const Expr *Arg;
  };
  std::vector<Received> Receives;
  for (const MPICallSite *C : R.receives())
    if (const Expr *Arg = C->arg(C->Info->Args.RecvBuf))
      if (std::optional<BufferRef> Ref =
              mpiBufferRef(Arg, C->arg(C->Info->Args.RecvCount), Ctx))
        Receives.push_back({*Ref, C, Arg});
  if (Receives.empty())
    return;

  AccessCollector Collector(Ctx);
  for (const AccessCollector::Access &A : Collector.collect(R.S)) {
    SourceLocation Loc = SM.getExpansionLoc(A.E->getBeginLoc());
    for (const Received &Recv : Receives) {
      SourceLocation After =
          SM.getExpansionRange(Recv.Site->Call->getEndLoc()).getEnd();
      if (!SM.isBeforeInTranslationUnit(After, Loc) ||
          !mayOverlap(Recv.Ref, A.Ref, Ctx))
        continue;
      Diags.report(A.E->getBeginLoc(), Diag::ReceiveBufferUsed)
          << A.Ref.Base->getName();
      Diags.report(Recv.Arg->getBeginLoc(), Diag::NoteReceivePosted)
          << A.Ref.Base->getName();
      break;
    }
  }
}

void checkWaits(const Region &R, DiagTable &Diags) {
  auto BaseOf = [](const Expr *E) -> const ValueDecl * {
    std::optional<BufferRef> Ref = bufferRef(E, /*AsMPIBuffer=*/true);
    return Ref ? cast<ValueDecl>(Ref->Base->getCanonicalDecl()) : nullptr;
  };
  for (const MPICallSite *W : R.waits()) {
    const Expr *Arg = W->arg(W->Info->Args.Request);
    const ValueDecl *Request = Arg ? BaseOf(Arg) : nullptr;
    if (!Request)
      continue;
    bool Started = llvm::any_of(R.MPICalls, [&](const MPICallSite *C) {
      return C->Info && C->Info->startsRequest() &&
             BaseOf(C->arg(C->Info->Args.Request)) == Request;
    });
    // A called function may start requests through an argument, or store a
    // started one in the object it is called on (`reqs.push_back(r)`).
    Started |= llvm::any_of(R.UserCalls, [&](const UserCallSite *U) {
      const auto *CE = dyn_cast<CallExpr>(U->Call);
      if (const auto *Member = dyn_cast_or_null<CXXMemberCallExpr>(CE))
        if (const Expr *Object = Member->getImplicitObjectArgument();
            Object && BaseOf(Object) == Request)
          return true;
      return CE && llvm::any_of(CE->arguments(), [&](const Expr *A) {
               return BaseOf(A) == Request;
             });
    });
    if (!Started)
      Diags.report(Arg->getBeginLoc(), Diag::WaitUnstartedRequest)
          << W->Name << Request->getName();
  }
}

/// The local variable whose storage \p E (an MPI call's argument) points
/// into: `x`, `&x`, `&x[i]`, `x + i`, `&x.f`, `v.data()`, `&v[i]`, also when
/// x is itself a pointer (`&r` of an MPI_Request, a pointer in Open MPI).
/// Null when the storage is reached through a pointer's value or a
/// reference, which may point anywhere, or is not a local variable's.
const VarDecl *localStorageOf(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *Cast = dyn_cast<CastExpr>(E)) {
      if (Cast->getCastKind() == CK_LValueToRValue)
        return nullptr; // a pointer's value: the storage is elsewhere
      E = Cast->getSubExpr();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() != UO_AddrOf)
        return nullptr;
      E = UO->getSubExpr();
    } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      E = ASE->getBase();
    } else if (const auto *BO = dyn_cast<BinaryOperator>(E);
               BO && BO->isAdditiveOp()) {
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                   : BO->getRHS();
    } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase();
    } else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E);
               MCE && isDataCall(MCE)) {
      E = MCE->getImplicitObjectArgument();
    } else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E);
               OCE && OCE->getOperator() == OO_Subscript) {
      E = OCE->getArg(0);
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD || !VD->hasLocalStorage() || VD->getType()->isReferenceType())
        return nullptr;
      return VD;
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

/// What the region finishes at its end must outlive it: a receive's buffer
/// (filled when the message arrives, at the latest at the end), and what a
/// deferred wait or blocking receive reads and writes then (requests,
/// statuses, indices). A variable declared in the region's own braces lives
/// until the end (the region completes before its closing brace); one
/// declared in a nested scope does not.
void checkDeferredStorage(ASTContext &Ctx, const Region &R, DiagTable &Diags) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::SmallPtrSet<const Decl *, 8> LiveToTheEnd;
  if (const auto *Body = dyn_cast<CompoundStmt>(R.S))
    for (const Stmt *S : Body->body())
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        LiveToTheEnd.insert(DS->decl_begin(), DS->decl_end());
  SourceLocation Begin = SM.getExpansionLoc(R.S->getBeginLoc());
  SourceLocation End = SM.getExpansionLoc(R.S->getEndLoc());
  auto EndsInside = [&](const VarDecl *VD) {
    SourceLocation L = SM.getExpansionLoc(VD->getLocation());
    return !LiveToTheEnd.contains(VD) &&
           SM.isBeforeInTranslationUnit(Begin, L) &&
           SM.isBeforeInTranslationUnit(L, End);
  };

  for (const MPICallSite *C : R.MPICalls) {
    if (!C->Info || !C->Info->isSupported())
      continue;
    const MPIArgs &Roles = C->Info->Args;
    std::vector<const Expr *> Finished;
    if (C->Info->Kind == MPIKind::Wait) {
      for (unsigned I = 0; I < C->Call->getNumArgs(); ++I)
        if (static_cast<int>(I) != Roles.RequestCount)
          Finished.push_back(C->Call->getArg(I));
    } else if (C->Info->receives()) {
      Finished.push_back(C->arg(Roles.RecvBuf));
      if (C->Info->mayWait())
        Finished.push_back(C->arg(Roles.Status));
    }
    for (const Expr *Arg : Finished) {
      const VarDecl *VD = Arg ? localStorageOf(Arg) : nullptr;
      if (!VD || !EndsInside(VD))
        continue;
      Diags.report(Arg->getBeginLoc(), Diag::RegionStorageEndsFirst)
          << VD->getName() << C->Name;
      Diags.report(VD->getLocation(), Diag::NoteDeclaredHere);
      noteRegion(Diags, R);
    }
  }
}

llvm::StringRef jumpWord(const Stmt *S) {
  switch (S->getStmtClass()) {
  case Stmt::ReturnStmtClass:
    return "return";
  case Stmt::BreakStmtClass:
    return "break";
  case Stmt::ContinueStmtClass:
    return "continue";
  case Stmt::GotoStmtClass:
  case Stmt::IndirectGotoStmtClass:
    return "goto";
  case Stmt::CXXThrowExprClass:
    return "throw";
  case Stmt::CaseStmtClass:
    return "case";
  case Stmt::DefaultStmtClass:
    return "default";
  default:
    return "jump";
  }
}

} // namespace

void checkRegions(ASTContext &Ctx, const FunctionModel &F, const CallGraph &G,
                  const ReachSets &Reach, const PragmaTable &Pragmas,
                  DiagTable &Diags) {
  for (const FunctionModel::Misplaced &M : F.MisplacedPragmas) {
    if (M.Pragma->Kind == PragmaKind::Olap) {
      Diags.report(M.Pragma->WordLoc, Diag::NestedOlap);
      noteRegion(Diags, *M.Enclosing);
    } else {
      Diags.report(M.Pragma->WordLoc, Diag::BlockNotInOlap)
          << pragmaWord(M.Pragma->Kind);
    }
  }
  for (auto [S, R] : F.Entries) {
    Diags.report(S->getBeginLoc(), Diag::RegionEntry) << jumpWord(S);
    noteRegion(Diags, *R);
  }

  for (const Region &R : F.Regions) {
    for (const MPICallSite *C : R.MPICalls) {
      if (!C->Info || !C->Info->isSupported())
        continue; // reported by checkMPICalls
      if (!C->Info->isDeferrable()) {
        Diags.report(C->Call->getBeginLoc(), Diag::NotDeferrable)
            << describeKind(C->Info->Kind) << C->Name;
        noteRegion(Diags, R);
      }
      if (C->InBlock && C->InBlock->Kind == BlockKind::Send &&
          C->Info->receives()) {
        Diags.report(C->Call->getBeginLoc(), Diag::ReceiveInSendBlock)
            << C->Name;
        Diags.report(C->InBlock->Pragma->WordLoc, Diag::NoteSendBlockHere);
      }
    }

    // A function called in the region runs in program order, as outside any
    // region: what it waits for completes in the call. But a receive it
    // starts joins the region's firing rule (bamboo/region.h), which a send
    // block must not add to.
    for (const UserCallSite *U : R.UserCalls) {
      const CallGraph::Node *N = G.lookup(U->Callee);
      if (!N || !U->InBlock || U->InBlock->Kind != BlockKind::Send ||
          !Reach.StartsReceive.contains(N))
        continue;
      Diags.report(U->Call->getBeginLoc(), Diag::ReceiveInSendBlockThroughCall)
          << N->Name << Reach.StartsReceive.reachedUse(N)->Name;
      notePath(Diags, Reach.StartsReceive, N, Pragmas, Ctx.getSourceManager());
      Diags.report(U->InBlock->Pragma->WordLoc, Diag::NoteSendBlockHere);
    }

    for (const Stmt *Exit : R.Exits) {
      Diags.report(Exit->getBeginLoc(), Diag::RegionExit) << jumpWord(Exit);
      noteRegion(Diags, R);
    }

    checkBufferUses(Ctx, R, Diags);
    checkWaits(R, Diags);
    checkDeferredStorage(Ctx, R, Diags);
  }
}

//===----------------------------------------------------------------------===//
// MPI calls
//===----------------------------------------------------------------------===//

llvm::DenseSet<const CallGraph::Node *> runnableFunctions(ASTContext &Ctx,
                                                          const CallGraph &G) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const CallGraph::Node *> Work;
  for (const auto &N : G.nodes()) {
    bool Exported = N->Defined && N->Decl &&
                    &N->Decl->getASTContext() == &Ctx &&
                    N->Decl->isExternallyVisible() && !N->Decl->isInlined() &&
                    SM.isInMainFile(SM.getExpansionLoc(N->Decl->getLocation()));
    if (N->IsMain || N->AddressTaken || Exported)
      Work.push_back(N.get());
  }
  llvm::DenseSet<const CallGraph::Node *> Runnable(Work.begin(), Work.end());
  while (!Work.empty()) {
    const CallGraph::Node *N = Work.back();
    Work.pop_back();
    for (const CallGraph::Call &C : N->Calls)
      for (const CallGraph::Node *T : G.targets(C))
        if (Runnable.insert(T).second)
          Work.push_back(T);
  }
  return Runnable;
}

void checkMPICalls(ASTContext &Ctx, const FunctionModel &F, bool Runnable,
                   DiagTable &Diags) {
  for (const MPICallSite &C : F.MPICalls) {
    if (C.Info && C.Info->isSupported())
      continue;
    // Left as it is where nothing reaches it (an unused helper of a shared
    // header): it never runs.
    if (!Runnable)
      Diags.report(C.Call->getBeginLoc(), Diag::UntranslatedMPIUnreachable)
          << C.Name << (C.Info == nullptr)
          << (C.Info ? C.Info->Reason : llvm::StringRef());
    else if (!C.Info)
      Diags.report(C.Call->getBeginLoc(), Diag::UnknownMPI) << C.Name;
    else
      Diags.report(C.Call->getBeginLoc(), Diag::UnsupportedMPI)
          << C.Name << C.Info->Reason;
  }
}

void checkOutsideCalls(llvm::ArrayRef<OutsideMPICall> Calls, DiagTable &Diags) {
  for (const auto &[Call, Callee, Constant] : Calls) {
    const MPIFunctionInfo *Info = Callee.Info;
    if (!Info)
      Diags.report(Call->getBeginLoc(), Diag::UnknownMPI) << Callee.Name;
    else if (!Info->isSupported())
      Diags.report(Call->getBeginLoc(), Diag::UnsupportedMPI)
          << Callee.Name << Info->Reason;
    else if (Constant)
      Diags.report(Call->getBeginLoc(), Diag::MPIBeforeRanks)
          << Callee.Name << Constant->getName();
  }
}

namespace {

/// A declaration of MPI's C++ bindings: inside namespace MPI, as MPI's own
/// headers declare it (a user's namespace of that name is the user's).
bool isMPICxxBinding(const Decl *D, const SourceManager &SM) {
  const DeclContext *Outermost = nullptr;
  for (const DeclContext *DC = D->getDeclContext();
       DC && !DC->isTranslationUnit(); DC = DC->getParent())
    Outermost = DC;
  const auto *NS = dyn_cast_or_null<NamespaceDecl>(Outermost);
  if (!NS || NS->getName() != "MPI")
    return false;
  return !isUserFile(SM, SM.getFileID(SM.getExpansionLoc(NS->getLocation())));
}

class MPIReferenceChecker : public RecursiveASTVisitor<MPIReferenceChecker> {
public:
  MPIReferenceChecker(const SourceManager &SM, DiagTable &Diags)
      : SM(SM), Diags(Diags) {}

  bool VisitCallExpr(CallExpr *CE) {
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenImpCasts()))
      Callees.insert(DRE);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    checkBinding(DRE->getDecl(), DRE->getLocation());
    const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl());
    if (!FD || Callees.count(DRE) || !isMPILibraryFunction(*FD, SM))
      return true;
    SourceLocation Loc = SM.getExpansionLoc(DRE->getLocation());
    if (!SM.isInSystemHeader(Loc))
      Diags.report(DRE->getLocation(), Diag::MPIFunctionNotCalled)
          << FD->getName();
    return true;
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    checkBinding(ME->getMemberDecl(), ME->getMemberLoc());
    return true;
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) {
    checkBinding(TL.getDecl(), TL.getNameLoc());
    return true;
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    checkBinding(TL.getTypedefNameDecl(), TL.getNameLoc());
    return true;
  }

private:
  /// A use of the C++ bindings would call MPI past the runtime, as one rank
  /// of the whole process. One error a line: `MPI::COMM_WORLD.Get_rank()`
  /// names the bindings twice.
  void checkBinding(const Decl *D, SourceLocation Loc) {
    SourceLocation File = SM.getExpansionLoc(Loc);
    if (!D || SM.isInSystemHeader(File) || !isMPICxxBinding(D, SM))
      return;
    FileID FID = SM.getFileID(File);
    if (!isUserFile(SM, FID) ||
        !ReportedLines.insert({FID, SM.getExpansionLineNumber(File)}).second)
      return;
    Diags.report(Loc, Diag::MPICxxBindings)
        << cast<NamedDecl>(D)->getQualifiedNameAsString();
  }

  const SourceManager &SM;
  DiagTable &Diags;
  llvm::DenseSet<const DeclRefExpr *> Callees;
  std::set<std::pair<FileID, unsigned>> ReportedLines;
};

} // namespace

void checkMPIFunctionReferences(ASTContext &Ctx, DiagTable &Diags) {
  MPIReferenceChecker(Ctx.getSourceManager(), Diags).TraverseAST(Ctx);
}

} // namespace bamboo
