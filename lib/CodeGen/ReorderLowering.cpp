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

#include "bamboo/Frontend/Reordering.h"
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

/// A name made unique by the place of \p Call: `bamboo_request_27_3`.
std::string nameAt(RewriteSession &S, llvm::StringRef Prefix,
                   const CallExpr *Call) {
  SourceLocation Begin = Call->getBeginLoc();
  return (Prefix + "_" + std::to_string(S.SM.getSpellingLineNumber(Begin)) +
          "_" + std::to_string(S.SM.getSpellingColumnNumber(Begin)))
      .str();
}

/// The text of one half of a split call: `MPI_Request r; Isend(args, &r);`
/// or `Wait(&r, status);`, the arguments as the other lowerings left them.
std::string halfText(RewriteSession &S, const SplitCall &Split) {
  const CallExpr *Call = Split.Call;
  std::string Request = nameAt(S, "bamboo_request", Call);
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

/// The runtime's functions of a send in parts (bamboo/send_in_parts.h), in
/// the file's language.
struct PartsCalls {
  std::string Start, PartEnd, Ready, ReadyAll;
  explicit PartsCalls(const RewriteSession &S)
      : Start(S.isC() ? "bamboo_isend_in_parts" : "bamboo::isendInParts"),
        PartEnd(S.isC() ? "bamboo_send_part_end" : "bamboo::sendPartEnd"),
        Ready(S.isC() ? "bamboo_send_ready" : "bamboo::sendReady"),
        ReadyAll(S.isC() ? "bamboo_send_ready_all" : "bamboo::sendReadyAll") {}
};

/// A strip-mined send's start, before its loop: `MPI_Request r;
/// isendInParts(args, &r);` for a split MPI_Send, `isendInParts(args);` for an
/// MPI_Isend. Its handle, for the loop's calls, in \p Handle.
std::string partsStart(RewriteSession &S, const BlockPlan::StripMine &M,
                       bool Split, std::string &Handle) {
  const CallExpr *Call = M.Call;
  unsigned Request = lookupMPIFunction("MPI_Isend")->Args.Request;
  std::string Text = PartsCalls(S).Start + "(";
  for (unsigned I = 0; I < Request; ++I)
    Text += rewritten(S, Call->getArg(I)) + ", ";
  if (Split) {
    Handle = nameAt(S, "bamboo_request", Call);
    return "MPI_Request " + Handle + "; " + Text + "&" + Handle + ");";
  }
  Handle = "*(" + rewritten(S, Call->getArg(Request)) + ")";
  return Text + rewritten(S, Call->getArg(Request)) + ");";
}

/// A strip-mined loop (BlockPlan::StripMine) whose text is \p Range: each
/// part of the send's buffer is ready after the iterations that write it,
/// and all of it after the loop.
std::string stripMinedLoop(RewriteSession &S, const BlockPlan::StripMine &M,
                           CharSourceRange Range, llvm::StringRef Handle) {
  const ForStmt *L = M.L;
  const Stmt *Init = L->getInit();
  std::string Counter = "(long long)(" + M.Counter->getName().str() + ")";
  std::string Element = "sizeof(" + M.Buffer->getName().str() + "[0])";
  std::string End = nameAt(S, "bamboo_part_end", M.Call);
  std::string Condition = rewritten(S, L->getCond());
  PartsCalls Calls(S);
  SourceLocation For = L->getForLoc(), Body = L->getBody()->getBeginLoc();
  // The body keeps its lines.
  std::string BodyLine;
  if (S.SM.getSpellingLineNumber(Body) != S.SM.getSpellingLineNumber(For))
    BodyLine = "\n" +
               S.lineDirective(S.SM.getFileID(Body),
                               S.SM.getSpellingLineNumber(Body)) +
               indentation(Body, S.SM);
  // One bound per part, so that the inner loop has one exit (and vectorizes).
  std::string Bound =
      "(long long)(" +
      rewritten(S, cast<BinaryOperator>(L->getCond())->getRHS()) + ")";
  return "for (" +
         S.R.getRewrittenText(CharSourceRange::getCharRange(
             Init->getBeginLoc(), Init->getEndLoc())) +
         "; " + Condition + ";) { long long " + End + "; " + Calls.PartEnd +
         "(" + Handle.str() + ", " + Counter + ", " + Element + ", &" + End +
         "); if (" + End + " > " + Bound + ") " + End + " = " + Bound +
         "; for (; " + Counter + " < " + End + "; " +
         rewritten(S, L->getInc()) + ") " + BodyLine +
         S.R.getRewrittenText(
             CharSourceRange::getCharRange(Body, Range.getEnd())) +
         " " + Calls.Ready + "(" + Handle.str() + ", " + Counter + ", " +
         Element + "); } " + Calls.ReadyAll + "(" + Handle.str() + ");";
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
  for (const BlockPlan::StripMine &M : P.StripMined) {
    std::string Handle;
    Texts[M.Send] = partsStart(S, M, P.Splits[M.Send].has_value(), Handle);
    Texts[M.Loop] = stripMinedLoop(S, M, Ranges[M.Loop], Handle);
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
