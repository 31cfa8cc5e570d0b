//===- ReorderLowering.cpp - Blocks emitted in their consensus order ------===//
//
// The analysis decided each block's order (Frontend/Reordering.h); this
// emits it. Runs after the lowerings that edit inside statements: each
// statement moves with its edits. The span from the first statement that
// moves to the last is written again, each statement under a #line of its
// own, so compiler messages and debuggers still name its line.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"
#include "RewriteSession.h"

#include "bamboo/Frontend/MPIModel.h"
#include "bamboo/Frontend/PragmaTable.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace bamboo::codegen {

namespace {

/// The blanks before \p Loc on its line, if only blanks precede it.
std::string indentation(SourceLocation Loc, const SourceManager &SM) {
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  llvm::StringRef Buffer = SM.getBufferData(File);
  unsigned Begin = Offset;
  while (Begin > 0 && (Buffer[Begin - 1] == ' ' || Buffer[Begin - 1] == '\t'))
    --Begin;
  if (Begin > 0 && Buffer[Begin - 1] != '\n')
    return "";
  return Buffer.slice(Begin, Offset).str();
}

/// The text of an expression as the other lowerings left it.
std::string rewritten(RewriteSession &S, const Expr *E) {
  return S.R.getRewrittenText(S.SM.getExpansionRange(E->getSourceRange()));
}

/// The text of one half of a split call: `MPI_Request r; Isend(args, &r);`
/// or `Wait(&r, status);`, the arguments as the other lowerings left them.
std::string halfText(RewriteSession &S, const SplitCall &Split) {
  const CallExpr *Call = Split.Call;
  SourceLocation Begin = Call->getBeginLoc();
  std::string Request =
      "bamboo_request_" + std::to_string(S.SM.getSpellingLineNumber(Begin)) +
      "_" + std::to_string(S.SM.getSpellingColumnNumber(Begin));
  auto Argument = [&](unsigned I) { return rewritten(S, Call->getArg(I)); };
  unsigned Started = Split.StartAs->Args.Request; // arguments before it
  if (Split.Is == SplitCall::Start) {
    std::string Text = "MPI_Request " + Request + "; " +
                       runtimeCall(S, *Split.StartAs, false) + "(";
    for (unsigned I = 0; I < Started; ++I)
      Text += Argument(I) + ", ";
    return Text + "&" + Request + ");";
  }
  const MPIFunctionInfo &Wait = *lookupMPIFunction("MPI_Wait");
  std::string Status =
      Call->getNumArgs() > Started ? Argument(Started) : "MPI_STATUS_IGNORE";
  return runtimeCall(S, Wait, false) + "(&" + Request + ", " + Status + ");";
}

/// A pipelined loop's header: `for (int i = A; i < E; ++i) {` becomes
/// `{ int i = A; if (i < E) { S } for (; i < E; ++i) {`, and its body's `}`
/// closes the block too. \p Starts is the text of S.
void emitPipelineHeader(RewriteSession &S, const BlockPlan::Pipeline &Loop,
                        llvm::StringRef Starts) {
  const ForStmt *L = Loop.Loop;
  const Stmt *Init = L->getInit();
  SourceLocation For = L->getForLoc();
  // The init's text without the `;` that ends it, which the header keeps.
  SourceLocation Semi = Init->getEndLoc();
  CharSourceRange InitText =
      CharSourceRange::getCharRange(Init->getBeginLoc(), Semi);
  std::string Prologue =
      "{ " + S.R.getRewrittenText(InitText) + "; if (" +
      rewritten(S, Loop.Condition) + ") { " + Starts.str() + " }\n" +
      S.lineDirective(S.SM.getFileID(For), S.SM.getSpellingLineNumber(For)) +
      indentation(For, S.SM) + "for";
  S.R.ReplaceText(For, 3, Prologue);
  S.R.RemoveText(InitText);
  S.R.ReplaceText(cast<CompoundStmt>(L->getBody())->getRBracLoc(), 1, "} }");
}

/// The guard of a pipelined start for the next iteration: `i + 1 < E`.
std::string nextIteration(RewriteSession &S, const BlockPlan::Pipeline &Loop) {
  return Loop.Counter->getName().str() + " + 1 " +
         Loop.Condition->getOpcodeStr().str() + " (" +
         rewritten(S, Loop.Condition->getRHS()) + ")";
}

void emitPlan(RewriteSession &S, const BlockPlan &P) {
  unsigned N = P.Items.size();
  unsigned First = 0, Last = N - 1;
  while (P.Order[First] == First)
    ++First;
  while (P.Order[Last] == Last)
    --Last;
  // A pipelined body is written again whole; its copies for the next
  // iteration come after its written statements.
  if (P.Pipelined) {
    First = 0;
    while (P.copy(Last) == BlockPlan::Copy::Next)
      --Last;
  }
  // A split call's text is its two halves: both are in the span.
  if (P.Splits[First] && P.Splits[First]->Is == SplitCall::Completion)
    --First;
  if (P.Splits[Last] && P.Splits[Last]->Is == SplitCall::Start)
    ++Last;
  // Each statement's own text as the other lowerings left it. One with
  // text inserted at its edges (a declaration added before it) could not
  // take that text along: such a block stays as written.
  Rewriter::RewriteOptions Inner;
  Inner.IncludeInsertsAtBeginOfRange = false;
  Inner.IncludeInsertsAtEndOfRange = false;
  std::vector<CharSourceRange> Ranges(N);
  std::vector<std::string> Texts(N);
  for (unsigned I = First; I <= Last; ++I) {
    // A `;` from a macro: the block stays as written (reordering is never
    // worth an error).
    std::optional<SourceLocation> End = S.endOfStatement(
        P.Items[I], "a statement that reordering moves", /*Quiet=*/true);
    if (!End)
      return;
    Ranges[I] = CharSourceRange::getCharRange(P.Items[I]->getBeginLoc(), *End);
    Texts[I] = S.R.getRewrittenText(Ranges[I]);
    if (int(Texts[I].size()) != S.R.getRangeSize(Ranges[I], Inner))
      return;
    if (P.Splits[I])
      Texts[I] = halfText(S, *P.Splits[I]);
  }
  std::string Hoisted;
  for (unsigned I = Last + 1; P.Pipelined && I < N; ++I) {
    unsigned Written = llvm::find(P.Items, P.Items[I]) - P.Items.begin();
    Hoisted += (Hoisted.empty() ? "" : " ") + Texts[Written];
    Texts[I] = "if (" + nextIteration(S, *P.Pipelined) + ") { " +
               Texts[Written] + " }";
  }
  FileID File = S.SM.getFileID(P.Items[First]->getBeginLoc());
  std::string Span;
  unsigned End = P.Pipelined ? N - 1 : Last; // with the copies
  for (unsigned K = First; K <= End; ++K) {
    unsigned I = P.Order[K];
    if (P.copy(I) == BlockPlan::Copy::Hoisted)
      continue; // runs before the loop, and as its copy
    SourceLocation Begin = P.Items[I]->getBeginLoc();
    Span += "\n" + S.lineDirective(File, S.SM.getSpellingLineNumber(Begin)) +
            indentation(Begin, S.SM) + Texts[I];
  }
  // What follows on the last statement's line keeps that line's number.
  SourceLocation SpanEnd = Ranges[Last].getEnd();
  Span += "\n" + S.lineDirective(File, S.SM.getSpellingLineNumber(SpanEnd));
  CharSourceRange Whole =
      CharSourceRange::getCharRange(Ranges[First].getBegin(), SpanEnd);
  S.R.RemoveText(Whole, Inner);
  S.R.InsertTextAfter(Ranges[First].getBegin(), Span);
  if (P.Pipelined)
    emitPipelineHeader(S, *P.Pipelined, Hoisted);
}

} // namespace

void reorderBlocks(RewriteSession &S) {
  for (const PragmaRecord &P : S.Model.pragmas().pragmas())
    if (P.Kind == PragmaKind::NoReorder && P.Function)
      S.replacePragma(P, "// bamboo: written order kept (#pragma bamboo "
                         "noreorder)");
  if (!S.Options.Reorder)
    return;
  // Inner blocks first (plans are in source order, outer before inner): a
  // statement that moves takes its reordered blocks along.
  for (const BlockPlan &P : llvm::reverse(S.Model.blockPlans()))
    if (P.reorders() && S.isUserFile(S.SM.getFileID(P.Block->getLBracLoc())))
      emitPlan(S, P);
}

} // namespace bamboo::codegen
