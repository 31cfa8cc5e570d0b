//===- Reordering.cpp - Which blocks of a function are emitted reordered --===//

#include "bamboo/Frontend/Reordering.h"
#include "bamboo/Frontend/BlockOrder.h"
#include "bamboo/Frontend/PragmaTable.h"
#include "bamboo/Frontend/RegionModel.h"
#include "bamboo/Frontend/SourceText.h"

#include "clang/AST/ASTContext.h"
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

/// `for (int i = A; i < E; ++i)` (or <=, !=; i++), written outside macros:
/// its counter and condition; the variables of E in \p Bound.
std::optional<BlockPlan::Pipeline>
countedLoop(const ForStmt *L, llvm::SmallVectorImpl<const VarDecl *> &Bound) {
  const auto *Init = dyn_cast_or_null<DeclStmt>(L->getInit());
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(L->getCond());
  const auto *Inc = dyn_cast_or_null<UnaryOperator>(L->getInc());
  if (!Init || !Init->isSingleDecl() || !Cond || !Inc)
    return std::nullopt;
  for (SourceLocation Loc :
       {L->getForLoc(), Init->getBeginLoc(), Init->getEndLoc(),
        Cond->getBeginLoc(), Cond->getEndLoc(), L->getRParenLoc()})
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
  for (const VarDecl *V : Bound)
    if (!V->getType().isConstQualified() &&
        (!V->hasLocalStorage() || Escaped.contains(V)))
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

/// The plan of \p B's order, whose items are \p Copies (empty: all
/// written). A split call whose halves stay next to each other gains nothing
/// from the split: it is one item again.
BlockPlan planOf(const BlockOrder &B,
                 const llvm::SmallPtrSetImpl<const ValueDecl *> &Escaped,
                 llvm::ArrayRef<BlockPlan::Copy> Copies) {
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
  for (BlockPlan::Hold H : holdsOf(B, Escaped)) {
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
    BlockPlan P = Piped ? planOf(Piped->Order, Escaped, Piped->Copies)
                        : planOf(B, Escaped, {});
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
