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
  std::vector<const CompoundStmt *> Blocks;
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

/// The plan of \p B's order. A split call whose halves stay next to each
/// other gains nothing from the split: it is one item again.
BlockPlan planOf(const BlockOrder &B,
                 const llvm::SmallPtrSetImpl<const ValueDecl *> &Escaped) {
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
    BlockPlan P = planOf(B, Escaped);
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
