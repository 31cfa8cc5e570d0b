//===- Explain.cpp - bamboo --explain -------------------------------------===//
//
// Renders the region model as text, with expressions as the user wrote them.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Frontend/Explain.h"
#include "bamboo/Frontend/Analysis.h"
#include "bamboo/Frontend/MPIModel.h"
#include "bamboo/Frontend/PragmaTable.h"
#include "bamboo/Frontend/SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

#include <utility>

using namespace clang;

namespace bamboo {

namespace {

std::string textBetween(SourceLocation Begin, SourceLocation End,
                        const ASTContext &Ctx) {
  return sourceText(SourceRange(Begin, End), Ctx);
}

} // namespace

std::string describeGuard(const Guard &G, const TranslationUnitModel &TU) {
  const ASTContext &Ctx = TU.context();
  const Stmt *S = G.S;
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (G.Kind == Guard::Then)
      return textBetween(If->getIfLoc(), If->getRParenLoc(), Ctx);
    return "if !" + textBetween(If->getLParenLoc(), If->getRParenLoc(), Ctx);
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(S))
    return (G.Kind == Guard::Then ? "if (" : "if !(") +
           sourceText(CO->getCond(), Ctx) + ")";
  if (const auto *For = dyn_cast<ForStmt>(S))
    return textBetween(For->getForLoc(), For->getRParenLoc(), Ctx);
  if (const auto *For = dyn_cast<CXXForRangeStmt>(S))
    return textBetween(For->getForLoc(), For->getRParenLoc(), Ctx);
  if (const auto *While = dyn_cast<WhileStmt>(S))
    return textBetween(While->getWhileLoc(), While->getRParenLoc(), Ctx);
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return "do ... " + textBetween(Do->getWhileLoc(), Do->getRParenLoc(), Ctx);
  if (const auto *Switch = dyn_cast<SwitchStmt>(S))
    return textBetween(Switch->getSwitchLoc(), Switch->getRParenLoc(), Ctx);
  return sourceText(S, Ctx);
}

std::string describeCall(const MPICallSite &C, bool ReceiveSide,
                         const TranslationUnitModel &TU) {
  const ASTContext &Ctx = TU.context();
  std::string Out = C.Name.str();
  if (!C.Info)
    return Out;
  const MPIArgs &A = C.Info->Args;
  auto Arg = [&](int Index) { return sourceText(C.arg(Index), Ctx); };
  int Peer = ReceiveSide ? A.Source : A.Dest;
  int Tag = ReceiveSide ? A.RecvTag : A.SendTag;
  if (Peer >= 0)
    Out += (ReceiveSide ? " from " : " to ") + Arg(Peer);
  if (Tag >= 0)
    Out += " tag " + Arg(Tag);
  if (A.Comm >= 0)
    Out += " on " + Arg(A.Comm);
  return Out;
}

namespace {

class Explainer {
public:
  Explainer(const TranslationUnitModel &TU, llvm::raw_ostream &OS)
      : TU(TU), OS(OS), SM(TU.context().getSourceManager()),
        Sends(ReachSet::compute(TU.callGraph(), [](const CallGraph::MPIUse &U) {
          // A blocking send completes in the call.
          return U.Info && U.Info->sends() && !U.Info->mayWait();
        })) {}

  void run() {
    for (const auto &F : TU.functions())
      for (const Region &R : F->Regions)
        region(*F, R);
    for (const BlockPlan &P : TU.blockPlans())
      reordering(P);
    std::vector<const FunctionDecl *> Waiting = TU.suspendingFunctions();
    OS << "may wait:";
    if (Waiting.empty())
      OS << " none";
    for (size_t I = 0; I < Waiting.size(); ++I)
      OS << (I ? ", " : " ") << functionName(Waiting[I]);
    OS << "\n";
  }

private:
  std::string guards(const CallPlacement &P) {
    std::string Out;
    for (const Guard &G : P.guardsInRegion())
      Out += " " + describeGuard(G, TU);
    return Out;
  }

  std::string loc(SourceLocation L) { return locationString(L, SM); }

  /// Calls of functions that start sends or receives, which join the region
  /// (what they wait for completes in the call).
  void calledPosts(const Region &R, const ReachSet &Set, llvm::StringRef What,
                   bool &Any) {
    for (const UserCallSite *U : R.UserCalls) {
      const CallGraph::Node *N = TU.callGraph().lookup(U->Callee);
      if (!N || !Set.contains(N))
        continue;
      OS << "    " << loc(U->Call->getBeginLoc()) << ": " << What
         << " posted by '" << N->Name << "' (" << Set.reachedUse(N)->Name << ")"
         << guards(*U) << "\n";
      Any = true;
    }
  }

  void region(const FunctionModel &F, const Region &R) {
    OS << loc(R.Pragma->HashLoc) << ": olap region in '" << functionName(F.Decl)
       << "'\n";
    if (R.Priority)
      OS << "  priority: " << *R.Priority << "\n";
    for (const Block &B : R.Blocks)
      OS << "  " << (B.Kind == BlockKind::Receive ? "receive" : "send")
         << " block: " << loc(B.Pragma->HashLoc) << "\n";

    bool Any = false;
    OS << "  sends:\n";
    for (const MPICallSite *C : R.sends()) {
      OS << "    " << loc(C->Call->getBeginLoc()) << ": "
         << describeCall(*C, /*ReceiveSide=*/false, TU) << guards(*C) << "\n";
      Any = true;
    }
    calledPosts(R, Sends, "sends", Any);
    if (!Any)
      OS << "    none\n";

    Any = false;
    OS << "  firing rule:\n";
    for (const MPICallSite *C : R.receives()) {
      OS << "    " << loc(C->Call->getBeginLoc()) << ": "
         << describeCall(*C, /*ReceiveSide=*/true, TU) << guards(*C) << "\n";
      Any = true;
    }
    calledPosts(R, TU.reach().StartsReceive, "receives", Any);
    if (!Any)
      OS << "    none: the region completes at once\n";

    std::vector<const MPICallSite *> Waits = R.waits();
    if (!Waits.empty()) {
      OS << "  completed at the end of the region:\n";
      for (const MPICallSite *C : Waits)
        OS << "    " << loc(C->Call->getBeginLoc()) << ": " << C->Name
           << guards(*C) << "\n";
    }

    // What may suspend the rank before the region's end, and so overlaps
    // nothing: a function called in the region runs in program order.
    bool Header = false;
    for (const UserCallSite *U : R.UserCalls) {
      const CallGraph::Node *N = TU.callGraph().lookup(U->Callee);
      if (!N || !TU.reach().Suspends.contains(N))
        continue;
      if (!std::exchange(Header, true))
        OS << "  completed in the call (a called function runs in program "
              "order):\n";
      OS << "    " << loc(U->Call->getBeginLoc()) << ": '" << N->Name << "'";
      const CallGraph::MPIUse *Use = TU.reach().Suspends.reachedUse(N);
      OS << " (" << (Use ? Use->Name : llvm::StringRef("an olap region"))
         << ")";
      OS << guards(*U) << "\n";
    }
  }

  /// What moved in a block (transfers only), and what held the others.
  void reordering(const BlockPlan &P) {
    // A statement that holds several calls is named by its kind: "loop of
    // starts", "statement of completions".
    // The half of a blocking call is named too ("start of MPI_Send"): of a
    // split call, or of one kept whole that \p Held held.
    auto Item = [&](unsigned I, const BlockPlan::Hold *Held = nullptr) {
      std::string What;
      if (P.MPI[I]) {
        What = P.MPI[I]->Name.str();
        if (P.Splits[I] || (Held && P.Roles[I] == CommRole::Blocking)) {
          bool Start =
              P.Splits[I] ? P.Splits[I]->Is == SplitCall::Start : Held->Up;
          What = (Start ? "start of " : "completion of ") + What;
        }
      } else {
        const Stmt *S = P.Items[I];
        bool Loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
        What = Loop ? "loop" : "statement";
        if (P.Roles[I] == CommRole::Start)
          What += " of starts";
        else if (P.Roles[I] == CommRole::Completion)
          What += " of completions";
      }
      if (P.copy(I) == BlockPlan::Copy::Next)
        What += " of the next iteration";
      return loc(P.Items[I]->getBeginLoc()) + ": " + What;
    };
    if (!P.reorders() && P.KeptBecause.empty() && P.Holds.empty())
      return; // nothing moved, nothing wanted to
    OS << loc(P.Block->getLBracLoc()) << ": block in '"
       << functionName(P.Function) << "'";
    if (!P.KeptBecause.empty()) {
      OS << " kept as written: " << P.KeptBecause << "\n";
      return;
    }
    OS << (P.reorders() ? ", reordered:\n" : ", order kept:\n");
    std::vector<unsigned> Position(P.Order.size());
    for (unsigned K = 0; K < P.Order.size(); ++K)
      Position[P.Order[K]] = K;
    // A start moves up past statements written before it; a completion
    // down past statements written after it.
    for (unsigned I = 0; I < P.Items.size(); ++I) {
      if (P.copy(I) == BlockPlan::Copy::Hoisted) {
        OS << "  " << Item(I)
           << " pipelined: started before the loop, and for each next "
              "iteration in this one\n";
        continue;
      }
      if (P.Splits[I] && P.Splits[I]->Is == SplitCall::Start)
        OS << "  " << loc(P.Items[I]->getBeginLoc()) << ": " << P.MPI[I]->Name
           << " split into " << P.Splits[I]->StartAs->Name << " and MPI_Wait\n";
      if (const BlockPlan::StripMine *M = P.stripMineOf(I); M && M->Loop == I)
        OS << "  " << loc(P.Items[I]->getBeginLoc())
           << ": loop strip-mined: the send at "
           << loc(P.Items[M->Send]->getBeginLoc()) << " starts before it, and '"
           << M->Buffer->getName() << "' leaves in parts as the loop writes "
           << "them\n";
      if (P.Roles[I] == CommRole::Start) {
        for (unsigned J = 0; J < I; ++J)
          if (Position[J] > Position[I] &&
              P.copy(J) != BlockPlan::Copy::Hoisted) {
            OS << "  " << Item(I) << " moves up, before "
               << loc(P.Items[J]->getBeginLoc()) << "\n";
            break;
          }
      } else if (P.Roles[I] == CommRole::Completion) {
        for (unsigned J = P.Items.size(); J-- > I + 1;)
          if (Position[J] < Position[I] &&
              P.copy(J) != BlockPlan::Copy::Hoisted) {
            OS << "  " << Item(I) << " moves down, after "
               << loc(P.Items[J]->getBeginLoc()) << "\n";
            break;
          }
      }
    }
    for (const BlockPlan::Hold &H : P.Holds)
      OS << "  " << Item(H.Transfer, &H) << " held "
         << (H.Up ? "after " : "before ")
         << loc(P.Items[H.Holder]->getBeginLoc()) << ": " << H.Why << "\n";
  }

  const TranslationUnitModel &TU;
  llvm::raw_ostream &OS;
  const SourceManager &SM;
  ReachSet Sends;
};

} // namespace

void explain(const TranslationUnitModel &TU, llvm::raw_ostream &OS) {
  Explainer(TU, OS).run();
}

} // namespace bamboo
