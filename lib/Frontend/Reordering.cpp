//===- Reordering.cpp - Which blocks of a function are emitted reordered --===//

#include "bamboo/Frontend/Reordering.h"
#include "bamboo/Frontend/BlockOrder.h"
#include "bamboo/Frontend/PragmaTable.h"
#include "bamboo/Frontend/RegionModel.h"
#include "bamboo/Frontend/SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace bamboo {

bool BlockPlan::reorders() const {
  if (!KeptBecause.empty())
    return false;
  for (unsigned I = 0; I < Order.size(); ++I)
    if (Order[I] != I)
      return true;
  return false;
}

namespace {

/// The blocks of a function body, not those of lambdas (functions of their
/// own) or of OpenMP constructs (run by a team), nor the body of a statement
/// expression, whose last statement gives its value.
class BlockFinder : public RecursiveASTVisitor<BlockFinder> {
public:
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseStmt(Stmt *S) {
    if (S && (isa<OMPExecutableDirective>(S) || isa<CapturedStmt>(S)))
      return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  bool VisitStmtExpr(StmtExpr *SE) {
    Valued.insert(SE->getSubStmt());
    return true;
  }
  bool VisitCompoundStmt(CompoundStmt *CS) {
    Blocks.push_back(CS);
    return true;
  }
  bool VisitForStmt(ForStmt *L) {
    if (const auto *Body = dyn_cast_or_null<CompoundStmt>(L->getBody()))
      LoopOf[Body] = L;
    return true;
  }
  std::vector<const CompoundStmt *> Blocks;
  llvm::DenseMap<const CompoundStmt *, const ForStmt *> LoopOf;
  llvm::SmallPtrSet<const CompoundStmt *, 2> Valued;
};

bool inside(SourceRange Inner, SourceRange Outer, const SourceManager &SM) {
  SourceLocation B = SM.getFileLoc(Inner.getBegin());
  return !SM.isBeforeInTranslationUnit(B, SM.getFileLoc(Outer.getBegin())) &&
         !SM.isBeforeInTranslationUnit(SM.getFileLoc(Outer.getEnd()), B);
}

/// Why the statements of \p Block cannot be emitted in another order as
/// text, or empty.
std::string whyKeptAsWritten(const CompoundStmt *Block, const SourceManager &SM,
                             const LangOptions &LangOpts) {
  SourceLocation L = Block->getLBracLoc(), R = Block->getRBracLoc();
  if (L.isMacroID() || R.isMacroID())
    return "it is written in a macro";
  FileID File = SM.getFileID(L);
  for (const Stmt *S : Block->body()) {
    if (S->getBeginLoc().isMacroID() || S->getEndLoc().isMacroID() ||
        SM.getFileID(S->getBeginLoc()) != File)
      return "a statement of it is written with a macro";
    if (!endsBeforeSemicolon(S))
      continue;
    std::optional<Token> Semi =
        Lexer::findNextToken(S->getEndLoc(), SM, LangOpts);
    if (!Semi || Semi->isNot(tok::semi))
      return "a statement of it ends with a macro";
  }
  // A directive or pragma between the statements belongs to its place (a
  // pragma to the statement after it, a conditional to its branch); one
  // inside a statement moves with it.
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid)
    return "its text cannot be read";
  std::vector<unsigned> Bounds = {SM.getFileOffset(L)};
  for (const Stmt *S : Block->body()) {
    Bounds.push_back(SM.getFileOffset(S->getBeginLoc()));
    Bounds.push_back(SM.getFileOffset(S->getEndLoc()));
  }
  Bounds.push_back(SM.getFileOffset(R));
  for (unsigned I = 0; I + 1 < Bounds.size(); I += 2) {
    llvm::SmallVector<llvm::StringRef, 8> Lines;
    Buffer.slice(Bounds[I], Bounds[I + 1]).split(Lines, '\n');
    for (unsigned K = 1; K < Lines.size(); ++K) // the first is not a line's
      if (Lines[K].ltrim(" \t").starts_with("#"))
        return "a preprocessor line is among its statements";
  }
  return "";
}

/// For each transfer the overlap order could not move, the item that held
/// it nearest its wanted place.
std::vector<BlockPlan::Hold>
holdsOf(const BlockOrder &B,
        const llvm::SmallPtrSetImpl<const ValueDecl *> &Escaped) {
  const reorder::Consensus &C = B.Orders;
  std::vector<unsigned> Position(B.Order.size());
  for (unsigned P = 0; P < B.Order.size(); ++P)
    Position[B.Order[P]] = P;
  llvm::DenseMap<unsigned, BlockPlan::Hold> Nearest;
  for (const reorder::Consensus::Rejection &R : C.rejections()) {
    if (C.orders()[R.Order] != "overlap")
      continue;
    bool StartUp = B.Items[R.Before].Role == CommRole::Start;
    unsigned Transfer = StartUp ? R.Before : R.After;
    if (!StartUp && B.Items[Transfer].Role != CommRole::Completion)
      continue;
    // The kept chain from R.After to R.Before: the step next to the
    // transfer is what held it.
    std::vector<reorder::Consensus::Step> Chain = C.chain(R.After, R.Before);
    if (Chain.size() < 2)
      continue;
    const reorder::Consensus::Step &Into = StartUp ? Chain.back() : Chain[1];
    unsigned Holder = StartUp ? Chain[Chain.size() - 2].Item : Chain[1].Item;
    auto It = Nearest.find(Transfer);
    if (It != Nearest.end()) {
      bool Nearer = StartUp ? Position[Holder] > Position[It->second.Holder]
                            : Position[Holder] < Position[It->second.Holder];
      if (!Nearer)
        continue;
    }
    std::string Why;
    if (Into.Order == 0) {
      const Effects &First = B.Items[StartUp ? Holder : Transfer];
      const Effects &Second = B.Items[StartUp ? Transfer : Holder];
      Why = dependence(First, Second, Escaped).value_or("");
      // The statement that is the barrier says why itself.
      if (B.Items[Holder].Barrier)
        Why = B.Items[Holder].Why;
    } else {
      Why = "the " + C.orders()[Into.Order] + " order";
    }
    Nearest[Transfer] = BlockPlan::Hold{Transfer, Holder, StartUp, Why};
  }
  std::vector<BlockPlan::Hold> Out;
  for (auto &Entry : Nearest)
    Out.push_back(Entry.second);
  llvm::sort(Out, [](const BlockPlan::Hold &A, const BlockPlan::Hold &B) {
    return A.Transfer < B.Transfer;
  });
  return Out;
}

/// Whether \p E is made of literals, variables and arithmetic (no calls, no
/// memory); its variables are added to \p Vars.
bool boundOperands(const Expr *E,
                   llvm::SmallVectorImpl<const VarDecl *> &Vars) {
  E = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral>(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(Ref->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || V->getType()->isReferenceType())
      return false;
    Vars.push_back(V);
    return true;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->isAdditiveOp() || BO->isMultiplicativeOp()))
    return boundOperands(BO->getLHS(), Vars) &&
           boundOperands(BO->getRHS(), Vars);
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Minus)
    return boundOperands(U->getSubExpr(), Vars);
  return false;
}

/// Whether only the statements that name \p V can change it: a constant, or
/// a local whose address does not escape (a loop's bound must not change
/// behind its back).
bool unreached(const VarDecl *V,
               const llvm::SmallPtrSetImpl<const ValueDecl *> &Escaped) {
  return V->getType().isConstQualified() ||
         (V->hasLocalStorage() && !Escaped.contains(V));
}

/// `for (int i = A; i < E; ++i)` (or <=, !=; i++), written outside macros:
/// its counter and condition; the variables of E in \p Bound.
std::optional<BlockPlan::Pipeline>
countedLoop(const ForStmt *L, llvm::SmallVectorImpl<const VarDecl *> &Bound) {
  const auto *Init = dyn_cast_or_null<DeclStmt>(L->getInit());
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(L->getCond());
  const auto *Inc = dyn_cast_or_null<UnaryOperator>(L->getInc());
  if (!Init || !Init->isSingleDecl() || !Cond || !Inc)
    return std::nullopt;
  // The bound may be a macro (`i < N`): its text is its expansion's.
  for (SourceLocation Loc :
       {L->getForLoc(), Init->getBeginLoc(), Init->getEndLoc(),
        Cond->getBeginLoc(), Inc->getBeginLoc(), Inc->getEndLoc(),
        L->getRParenLoc()})
    if (!Loc.isFileID())
      return std::nullopt;
  const auto *Counter = dyn_cast<VarDecl>(Init->getSingleDecl());
  if (!Counter || !Counter->getType()->isIntegerType() || !Counter->getInit())
    return std::nullopt;
  auto IsCounter = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == Counter;
  };
  if (!llvm::is_contained({BO_LT, BO_LE, BO_NE}, Cond->getOpcode()) ||
      !IsCounter(Cond->getLHS()) || !Inc->isIncrementOp() ||
      !IsCounter(Inc->getSubExpr()) || !boundOperands(Cond->getRHS(), Bound))
    return std::nullopt;
  return BlockPlan::Pipeline{L, Counter, Cond};
}

/// A loop body with its leading starts pipelined: its order, with a copy of
/// each such start for the next iteration after its written items, and what
/// each item is.
struct PipelinedBody {
  BlockOrder Order;
  BlockPlan::Pipeline Loop;
  std::vector<BlockPlan::Copy> Copies;
};

/// The body \p B of loop \p L with its leading starts pipelined
/// (BlockPlan::Pipeline), if \p L counts and the body leaves its counter and
/// bound alone, cannot leave early (no barrier), and a copy for the next
/// iteration moves up past a statement of this one.
std::optional<PipelinedBody>
pipelined(const ForStmt *L, const BlockOrder &B,
          const llvm::SmallPtrSetImpl<const ValueDecl *> &Escaped) {
  llvm::SmallVector<const VarDecl *, 4> Bound;
  std::optional<BlockPlan::Pipeline> Counted = countedLoop(L, Bound);
  if (!Counted || Escaped.contains(Counted->Counter))
    return std::nullopt;
  if (!llvm::all_of(Bound,
                    [&](const VarDecl *V) { return unreached(V, Escaped); }))
    return std::nullopt;
  const std::vector<Effects> &Items = B.Items;
  for (const Effects &E : Items)
    if (E.Barrier || E.Writes.contains(Counted->Counter) ||
        llvm::any_of(Bound,
                     [&](const VarDecl *V) { return E.Writes.contains(V); }))
      return std::nullopt;
  // The leading starts: whole starts that no statement written before them
  // must precede, naming neither the counter nor a name the body declares.
  std::vector<unsigned> Leading;
  for (unsigned I = 0; I < Items.size(); ++I) {
    const Effects &S = Items[I];
    if (S.Role != CommRole::Start || S.Split || !S.Declared.empty() ||
        S.Named.contains(Counted->Counter->getIdentifier()))
      continue;
    bool Free = true;
    for (unsigned J = 0; J < Items.size() && Free; ++J)
      Free = !(J < I && mustPrecede(Items[J], S, Escaped)) &&
             llvm::none_of(Items[J].Declared, [&](const IdentifierInfo *Name) {
               return S.Named.contains(Name);
             });
    if (Free)
      Leading.push_back(I);
  }
  if (Leading.empty())
    return std::nullopt;
  std::vector<Effects> Piped = Items;
  std::vector<BlockPlan::Copy> Kinds(Items.size(), BlockPlan::Copy::Written);
  for (unsigned I : Leading) {
    Effects Next = Items[I]; // reads the counter and bound in its guard
    Next.Reads.insert(Counted->Counter);
    Next.Reads.insert(Bound.begin(), Bound.end());
    Piped.push_back(std::move(Next));
    Kinds.push_back(BlockPlan::Copy::Next);
    Effects Hoisted; // no effects where it is written
    Hoisted.S = Items[I].S;
    Hoisted.MPI = Items[I].MPI;
    Piped[I] = std::move(Hoisted);
    Kinds[I] = BlockPlan::Copy::Hoisted;
  }
  BlockOrder Order = orderItems(std::move(Piped), Escaped);
  // Worth it if a copy comes before the last written statement.
  unsigned LastWritten = 0, FirstNext = Order.Order.size();
  for (unsigned K = 0; K < Order.Order.size(); ++K) {
    BlockPlan::Copy Kind = Kinds[Order.Order[K]];
    if (Kind == BlockPlan::Copy::Written)
      LastWritten = K;
    else if (Kind == BlockPlan::Copy::Next)
      FirstNext = std::min(FirstNext, K);
  }
  if (FirstNext > LastWritten)
    return std::nullopt;
  return PipelinedBody{std::move(Order), *Counted, std::move(Kinds)};
}

/// The variable a send's buffer argument names from its first element: `b`,
/// `&b[0]`, `b.data()`, `&v[0]`, where `b` is a local array, a local pointer
/// to memory of its own (\p Allocations) or a `std::vector`/`std::array`.
const ValueDecl *
wholeBuffer(const Expr *Arg, const SourceManager &SM,
            const llvm::SmallPtrSetImpl<const ValueDecl *> &Allocations) {
  const Expr *X = Arg->IgnoreParenCasts();
  bool Container = false;
  auto FirstOf = [&](const Expr *Element) -> const Expr * {
    Element = Element->IgnoreParens();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Element)) {
      const auto *I =
          dyn_cast<IntegerLiteral>(AS->getIdx()->IgnoreParenImpCasts());
      return I && I->getValue() == 0 ? AS->getBase()->IgnoreParenImpCasts()
                                     : nullptr;
    }
    std::optional<ContainerAccess> C = containerAccessor(Element, SM);
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(Element);
    if (!C || !Op || Op->getNumArgs() != 2)
      return nullptr;
    const auto *I =
        dyn_cast<IntegerLiteral>(Op->getArg(1)->IgnoreParenImpCasts());
    Container = true;
    return I && I->getValue() == 0 ? C->Container->IgnoreParenImpCasts()
                                   : nullptr;
  };
  if (const auto *U = dyn_cast<UnaryOperator>(X);
      U && U->getOpcode() == UO_AddrOf) {
    X = FirstOf(U->getSubExpr());
  } else if (std::optional<ContainerAccess> C = containerAccessor(X, SM)) {
    const auto *MC = dyn_cast<CXXMemberCallExpr>(X);
    const auto *M = MC ? MC->getMethodDecl() : nullptr;
    X = M && M->getIdentifier() && M->getName() == "data"
            ? C->Container->IgnoreParenImpCasts()
            : nullptr;
    Container = true;
  }
  const auto *Ref = X ? dyn_cast<DeclRefExpr>(X) : nullptr;
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage() || V->getType()->isReferenceType())
    return nullptr;
  QualType T = V->getType();
  if (Container || T->isConstantArrayType() ||
      (T->isPointerType() && Allocations.contains(V)))
    return V;
  return nullptr;
}

/// Whether a loop body writes \p Buffer only element by element, as
/// `Buffer[i]` with \p Counter its index, each used in place (read, assigned,
/// incremented: never addressed or bound to a reference), names no reference
/// bound to \p Buffer, reads \p Counter only as a value and runs each
/// iteration to its end (no break out of the loop, goto, return or throw).
class ElementWrites : public RecursiveASTVisitor<ElementWrites> {
public:
  ElementWrites(const ValueDecl *Buffer, const VarDecl *Counter,
                ASTContext &Ctx)
      : Buffer(Buffer), Counter(Counter), Ctx(Ctx) {}

  bool holds(const Stmt *Body) {
    TraverseStmt(const_cast<Stmt *>(Body));
    return !Refused && Elements == BufferRefs && CounterValues == CounterRefs;
  }

  bool TraverseLambdaExpr(LambdaExpr *) { return Refused = true, true; }
  using Base = RecursiveASTVisitor<ElementWrites>;
  bool TraverseForStmt(ForStmt *S) {
    return nested([&] { return Base::TraverseForStmt(S); });
  }
  bool TraverseWhileStmt(WhileStmt *S) {
    return nested([&] { return Base::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(DoStmt *S) {
    return nested([&] { return Base::TraverseDoStmt(S); });
  }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
    return nested([&] { return Base::TraverseCXXForRangeStmt(S); });
  }
  bool TraverseSwitchStmt(SwitchStmt *S) {
    return nested([&] { return Base::TraverseSwitchStmt(S); });
  }
  bool VisitBreakStmt(BreakStmt *) { return Refused |= Depth == 0, true; }
  bool VisitGotoStmt(GotoStmt *) { return Refused = true, true; }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) {
    return Refused = true, true;
  }
  bool VisitReturnStmt(ReturnStmt *) { return Refused = true, true; }
  bool VisitCXXThrowExpr(CXXThrowExpr *) { return Refused = true, true; }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *AS) {
    element(AS, AS->getBase(), AS->getIdx());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
    if (Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2 &&
        containerAccessor(Op, Ctx.getSourceManager()))
      element(Op, Op->getArg(0), Op->getArg(1));
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const ValueDecl *D = Ref->getDecl();
    BufferRefs += D == Buffer;
    CounterRefs += D == Counter;
    if (const auto *V = dyn_cast<VarDecl>(D);
        V && V->getType()->isReferenceType() && V->getInit()) {
      const auto *Bound =
          dyn_cast<DeclRefExpr>(V->getInit()->IgnoreParenImpCasts());
      Refused |= Bound && Bound->getDecl() == Buffer;
    }
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      if (const auto *Ref =
              dyn_cast<DeclRefExpr>(Cast->getSubExpr()->IgnoreParens()))
        CounterValues += Ref->getDecl() == Counter;
    return true;
  }

private:
  /// A loop or switch inside the body: a break there stays inside.
  template <class Fn> bool nested(Fn Traverse) {
    ++Depth;
    bool Go = Traverse();
    --Depth;
    return Go;
  }
  bool isCounter(const Expr *E) const {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == Counter;
  }
  /// `Buffer[i]`: counted if it is used in place.
  void element(const Expr *E, const Expr *Base, const Expr *Index) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts());
    if (!Ref || Ref->getDecl() != Buffer)
      return;
    if (!isCounter(Index) || !inPlace(E))
      Refused = true;
    ++Elements;
  }
  /// Whether the element \p E is read, assigned or incremented where it is,
  /// also as the base of a subscript or member (`b[i][j]`, `b[i].x`).
  bool inPlace(const Expr *E) {
    for (;;) {
      DynTypedNodeList Parents = Ctx.getParents(*E);
      const Expr *P = Parents.size() == 1 ? Parents[0].get<Expr>() : nullptr;
      if (!P)
        return false;
      if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P)) {
        if (Cast->getCastKind() == CK_LValueToRValue)
          return true;
        if (Cast->getCastKind() != CK_ArrayToPointerDecay &&
            Cast->getCastKind() != CK_NoOp)
          return false;
      } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(P)) {
        if (AS->getBase() != E)
          return false;
      } else if (const auto *M = dyn_cast<MemberExpr>(P)) {
        if (M->isArrow() || M->getBase() != E)
          return false;
      } else if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
        return BO->isAssignmentOp() && BO->getLHS() == E;
      } else if (const auto *U = dyn_cast<UnaryOperator>(P)) {
        return U->isIncrementDecrementOp();
      } else if (!isa<ParenExpr>(P)) {
        return false;
      }
      E = P;
    }
  }

  const ValueDecl *Buffer;
  const VarDecl *Counter;
  ASTContext &Ctx;
  unsigned BufferRefs = 0, Elements = 0, CounterRefs = 0, CounterValues = 0;
  int Depth = 0;
  bool Refused = false;
};

/// The call of a send start strip mining can start in parts: the start of
/// a split MPI_Send, or a statement that is only an MPI_Isend call whose
/// arguments are written one by one and have no side effects.
const CallExpr *partsSend(const Effects &E, const ASTContext &Ctx) {
  if (E.Role != CommRole::Start || !E.MPI)
    return nullptr;
  if (E.Split)
    return E.Split->Is == SplitCall::Start &&
                   E.Split->StartAs->Name == "MPI_Isend"
               ? E.Split->Call
               : nullptr;
  const auto *Ex = dyn_cast<Expr>(E.S);
  const auto *Call = Ex ? dyn_cast<CallExpr>(Ex->IgnoreParenCasts()) : nullptr;
  if (!Call || E.MPI->Name != "MPI_Isend" ||
      Call->getNumArgs() != unsigned(E.MPI->Args.Request + 1) ||
      !argumentsApart(Call, Ctx))
    return nullptr;
  return Call;
}

/// Strip mining (BlockPlan::StripMine) in \p B: each send start that comes
/// right after a counted loop in B's order, and that only the loop's
/// element-by-element writes of its buffer hold there, moves before the
/// loop. B's order changes; the pairs are B's items.
std::vector<BlockPlan::StripMine>
stripMine(BlockOrder &B, const FunctionDecl *FD, ASTContext &Ctx,
          const llvm::SmallPtrSetImpl<const ValueDecl *> &Escaped,
          CallSummaries &Summaries) {
  std::vector<BlockPlan::StripMine> Out;
  for (unsigned K = 1; K < B.Order.size(); ++K) {
    unsigned LoopItem = B.Order[K - 1], SendItem = B.Order[K];
    const Effects &Loop = B.Items[LoopItem], &Send = B.Items[SendItem];
    const auto *L = dyn_cast<ForStmt>(Loop.S);
    const CallExpr *Call = partsSend(Send, Ctx);
    // The body's text is taken whole: it must begin in the file, not in a
    // macro's expansion.
    if (!L || !Call || Loop.Barrier || Loop.Role != CommRole::None ||
        LoopItem > SendItem || !L->getBody()->getBeginLoc().isFileID())
      continue;
    llvm::SmallVector<const VarDecl *, 4> Bound;
    std::optional<BlockPlan::Pipeline> Counted = countedLoop(L, Bound);
    // The bound is read once per part: it must not change in the loop.
    if (!Counted || Counted->Condition->getOpcode() != BO_LT ||
        Escaped.contains(Counted->Counter) ||
        llvm::any_of(Bound, [&](const VarDecl *V) {
          return Loop.Writes.contains(V) || !unreached(V, Escaped);
        }))
      continue;
    const ValueDecl *Buffer =
        wholeBuffer(Call->getArg(Send.MPI->Args.SendBuf),
                    Ctx.getSourceManager(), Summaries.allocations(FD));
    if (!Buffer || !Loop.Writes.contains(Buffer))
      continue;
    // Without its writes of the buffer, nothing of the loop holds the send.
    Effects Rest = Loop;
    Rest.Writes.erase(Buffer);
    Rest.Reads.erase(Buffer);
    if (mustPrecede(Rest, Send, Escaped))
      continue;
    ElementWrites Body(Buffer, Counted->Counter, Ctx);
    ElementWrites Header(Buffer, Counted->Counter, Ctx);
    if (!Body.holds(L->getBody()) || !Header.holds(L->getCond()))
      continue;
    std::swap(B.Order[K - 1], B.Order[K]);
    Out.push_back({LoopItem, SendItem, L, Counted->Counter, Buffer, Call});
  }
  return Out;
}

/// The plan of \p B's order, whose items are \p Copies (empty: all
/// written). A split call whose halves stay next to each other gains nothing
/// from the split: it is one item again.
BlockPlan planOf(const BlockOrder &B,
                 const llvm::SmallPtrSetImpl<const ValueDecl *> &Escaped,
                 llvm::ArrayRef<BlockPlan::Copy> Copies,
                 llvm::ArrayRef<BlockPlan::StripMine> Strips) {
  unsigned N = B.Items.size();
  std::vector<unsigned> Position(N);
  for (unsigned K = 0; K < N; ++K)
    Position[B.Order[K]] = K;
  BlockPlan P;
  std::vector<unsigned> Index(N); // B's items in P
  std::vector<bool> Joined(N);    // a completion one with its start
  for (unsigned I = 0; I < N; ++I) {
    const Effects &E = B.Items[I];
    bool Whole = E.Split && E.Split->Is == SplitCall::Start &&
                 Position[I + 1] == Position[I] + 1;
    if (I > 0 && Joined[I - 1] && B.Items[I - 1].S == E.S) {
      Index[I] = Index[I - 1];
      continue;
    }
    Joined[I] = Whole;
    Index[I] = P.Items.size();
    P.Items.push_back(E.S);
    P.Roles.push_back(Whole ? CommRole::Blocking : E.Role);
    P.MPI.push_back(E.MPI);
    P.Splits.push_back(Whole ? std::nullopt : E.Split);
    if (!Copies.empty())
      P.Copies.push_back(Copies[I]);
  }
  for (unsigned I : B.Order)
    if (P.Order.empty() || P.Order.back() != Index[I])
      P.Order.push_back(Index[I]);
  for (BlockPlan::StripMine M : Strips) {
    M.Loop = Index[M.Loop];
    M.Send = Index[M.Send];
    P.StripMined.push_back(M);
  }
  for (BlockPlan::Hold H : holdsOf(B, Escaped)) {
    if (llvm::any_of(Strips, [&](const BlockPlan::StripMine &M) {
          return M.Send == H.Transfer && M.Loop == H.Holder;
        }))
      continue; // the send leaves in parts as the loop writes them
    H.Transfer = Index[H.Transfer];
    H.Holder = Index[H.Holder];
    P.Holds.push_back(std::move(H));
  }
  return P;
}

} // namespace

std::vector<BlockPlan> planBlocks(const FunctionModel &FM,
                                  const PragmaTable &Pragmas, ASTContext &Ctx,
                                  CallSummaries &Summaries) {
  const FunctionDecl *FD = FM.Decl;
  std::vector<BlockPlan> Plans;
  if (!FD->hasBody() || FD->isDependentContext())
    return Plans;
  const SourceManager &SM = Ctx.getSourceManager();
  BlockFinder Finder;
  Finder.TraverseStmt(FD->getBody());
  llvm::SmallPtrSet<const ValueDecl *, 8> Escaped = escapedVariables(FD, Ctx);
  // Each `#pragma bamboo noreorder` and the block it is written in, whose
  // blocks keep their written order.
  std::vector<std::pair<const PragmaRecord *, const CompoundStmt *>> Unordered;
  for (const PragmaRecord &Off : Pragmas.pragmas()) {
    if (Off.Kind != PragmaKind::NoReorder || Off.Function != FD)
      continue;
    const CompoundStmt *Scope = nullptr;
    SourceLocation Hash = SM.getFileLoc(Off.HashLoc);
    for (const CompoundStmt *Block : Finder.Blocks)
      if (SM.isBeforeInTranslationUnit(SM.getFileLoc(Block->getLBracLoc()),
                                       Hash) &&
          SM.isBeforeInTranslationUnit(Hash,
                                       SM.getFileLoc(Block->getRBracLoc())) &&
          (!Scope ||
           inside(Block->getSourceRange(), Scope->getSourceRange(), SM)))
        Scope = Block;
    if (Scope)
      Unordered.emplace_back(&Off, Scope);
  }
  for (const CompoundStmt *Block : Finder.Blocks) {
    if (Finder.Valued.contains(Block))
      continue;
    if (llvm::any_of(FM.Regions, [&](const Region &R) {
          return inside(Block->getSourceRange(), R.S->getSourceRange(), SM);
        }))
      continue; // the pragma is the user's order there (SPEC section 3)
    // A statement holding a region is lowered with text around it: the
    // block keeps its order.
    if (llvm::any_of(Block->body(), [&](const Stmt *S) {
          return llvm::any_of(FM.Regions, [&](const Region &R) {
            return inside(R.S->getSourceRange(), S->getSourceRange(), SM);
          });
        }))
      continue;
    BlockOrder B = orderBlock(Block, FD, Ctx, Escaped, Summaries);
    if (llvm::none_of(B.Items, [](const Effects &E) {
          return E.Role == CommRole::Start || E.Role == CommRole::Completion;
        }))
      continue;
    std::optional<PipelinedBody> Piped;
    if (auto It = Finder.LoopOf.find(Block); It != Finder.LoopOf.end())
      Piped = pipelined(It->second, B, Escaped);
    std::vector<BlockPlan::StripMine> Strips;
    if (!Piped)
      Strips = stripMine(B, FD, Ctx, Escaped, Summaries);
    BlockPlan P = Piped ? planOf(Piped->Order, Escaped, Piped->Copies, {})
                        : planOf(B, Escaped, {}, Strips);
    if (Piped)
      P.Pipelined = Piped->Loop;
    P.Function = FD;
    P.Block = Block;
    if (llvm::is_sorted(P.Order)) {
      Plans.push_back(std::move(P));
      continue;
    }
    for (auto [Off, Scope] : Unordered)
      if (inside(Block->getSourceRange(), Scope->getSourceRange(), SM))
        P.KeptBecause =
            "'#pragma bamboo noreorder' at " + locationString(Off->HashLoc, SM);
    if (P.KeptBecause.empty())
      P.KeptBecause = whyKeptAsWritten(Block, SM, Ctx.getLangOpts());
    Plans.push_back(std::move(P));
  }
  return Plans;
}

} // namespace bamboo
