//===- PragmaTable.cpp - #pragma bamboo: handler, table, binder -----------===//
//
// Lexing of `#pragma bamboo` (errors at the offending token) and binding of
// each pragma to the statement that follows it.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Frontend/PragmaTable.h"
#include "bamboo/Frontend/Diagnostics.h"
#include "bamboo/Frontend/RegionModel.h"
#include "bamboo/Frontend/StmtChildren.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"
#include <climits>

using namespace clang;

namespace bamboo {

llvm::StringRef pragmaWord(PragmaKind Kind) {
  switch (Kind) {
  case PragmaKind::Olap:
    return "olap";
  case PragmaKind::Send:
    return "send";
  case PragmaKind::Receive:
    return "receive";
  case PragmaKind::NoReorder:
    return "noreorder";
  }
  llvm_unreachable("unknown PragmaKind");
}

//===----------------------------------------------------------------------===//
// The handler
//===----------------------------------------------------------------------===//

namespace {

/// Lexes `priority(N)`; Tok is the 'priority' identifier on entry and the
/// token after ')' on success. Returns false after reporting an error.
bool lexPriority(Preprocessor &PP, DiagTable &Diags, Token &Tok,
                 PragmaRecord &Record) {
  PP.Lex(Tok);
  if (Tok.isNot(tok::l_paren)) {
    Diags.report(Tok.getLocation(), Diag::PragmaExpectedToken) << "'('";
    return false;
  }
  PP.Lex(Tok);
  bool Negative = false;
  if (Tok.is(tok::minus)) {
    Negative = true;
    PP.Lex(Tok);
  }
  SourceLocation NumberLoc = Tok.getLocation();
  uint64_t Value = 0;
  if (Tok.isNot(tok::numeric_constant) ||
      !PP.parseSimpleIntegerLiteral(Tok, Value)) {
    Diags.report(NumberLoc, Diag::PragmaPriorityNotInteger);
    return false;
  }
  uint64_t Limit = Negative ? uint64_t(INT_MAX) + 1 : uint64_t(INT_MAX);
  if (Value > Limit) {
    Diags.report(NumberLoc, Diag::PragmaPriorityRange);
    return false;
  }
  if (Tok.isNot(tok::r_paren)) {
    Diags.report(Tok.getLocation(), Diag::PragmaExpectedToken) << "')'";
    return false;
  }
  Record.Priority = Negative ? int(-int64_t(Value)) : int(Value);
  PP.Lex(Tok);
  return true;
}

} // namespace

void BambooPragmaHandler::HandlePragma(Preprocessor &PP,
                                       PragmaIntroducer Introducer,
                                       Token &FirstToken) {
  Token Tok;
  PP.Lex(Tok);
  // Pragmas in system headers are not the user's annotations.
  bool Ignore = PP.getSourceManager().isInSystemHeader(
      PP.getSourceManager().getExpansionLoc(Introducer.Loc));

  auto Finish = [&] {
    while (Tok.isNot(tok::eod) && Tok.isNot(tok::eof))
      PP.Lex(Tok);
  };
  if (Ignore)
    return Finish();

  if (Tok.is(tok::eod) || Tok.is(tok::eof)) {
    Diags.report(Tok.getLocation(), Diag::PragmaExpectedWord);
    return Finish();
  }
  std::string Word = PP.getSpelling(Tok);
  PragmaRecord Record;
  if (Word == "olap")
    Record.Kind = PragmaKind::Olap;
  else if (Word == "send")
    Record.Kind = PragmaKind::Send;
  else if (Word == "receive")
    Record.Kind = PragmaKind::Receive;
  else if (Word == "noreorder")
    Record.Kind = PragmaKind::NoReorder;
  else {
    Diags.report(Tok.getLocation(), Diag::PragmaUnknownWord) << Word;
    return Finish();
  }
  Record.HashLoc = Introducer.Loc;
  Record.WordLoc = Tok.getLocation();

  PP.Lex(Tok);
  while (Tok.isNot(tok::eod) && Tok.isNot(tok::eof)) {
    if (Record.Kind != PragmaKind::Olap) {
      Diags.report(Tok.getLocation(), Diag::PragmaNoClauses) << Word;
      Record.Malformed = true;
      break;
    }
    std::string Clause = PP.getSpelling(Tok);
    if (Tok.isNot(tok::identifier) || Clause != "priority") {
      Diags.report(Tok.getLocation(), Diag::PragmaUnknownClause)
          << Clause << Word;
      Record.Malformed = true;
      break;
    }
    if (Record.Priority) {
      Diags.report(Tok.getLocation(), Diag::PragmaDuplicateClause) << Clause;
      Record.Malformed = true;
      break;
    }
    Record.PriorityLoc = Tok.getLocation();
    if (!lexPriority(PP, Diags, Tok, Record)) {
      Record.Malformed = true;
      break;
    }
  }
  Table.add(Record);
  Finish();
}

//===----------------------------------------------------------------------===//
// Binding
//===----------------------------------------------------------------------===//

namespace {

/// A function body (or lambda body) that may hold pragmas.
struct Root {
  const Stmt *Body;
  const FunctionDecl *Function;
  SourceLocation Begin, End;
};

/// Whether \p Child sits where the grammar wants a statement inside \p Parent
/// (so that an olap region there is one statement of its own).
bool isStatementSlot(const Stmt *Parent, const Stmt *Child,
                     const SourceManager &SM, SourceLocation Pragma) {
  if (isa<CompoundStmt>(Parent))
    return true;
  if (const auto *If = dyn_cast<IfStmt>(Parent)) {
    if (Child == If->getThen())
      return true;
    // The pragma must come after 'else', not between the branches.
    return Child == If->getElse() &&
           SM.isBeforeInTranslationUnit(SM.getExpansionLoc(If->getElseLoc()),
                                        Pragma);
  }
  if (const auto *For = dyn_cast<ForStmt>(Parent))
    return Child == For->getBody();
  if (const auto *For = dyn_cast<CXXForRangeStmt>(Parent))
    return Child == For->getBody();
  if (const auto *While = dyn_cast<WhileStmt>(Parent))
    return Child == While->getBody();
  if (const auto *Do = dyn_cast<DoStmt>(Parent))
    return Child == Do->getBody();
  if (const auto *Switch = dyn_cast<SwitchStmt>(Parent))
    return Child == Switch->getBody();
  if (const auto *Case = dyn_cast<SwitchCase>(Parent))
    return Child == Case->getSubStmt();
  if (const auto *Label = dyn_cast<LabelStmt>(Parent))
    return Child == Label->getSubStmt();
  if (const auto *Attributed = dyn_cast<AttributedStmt>(Parent))
    return Child == Attributed->getSubStmt();
  return false;
}

/// Where \p S ends, with the statement of an OpenMP directive.
SourceLocation statementEnd(const Stmt *S) {
  if (const auto *Directive = dyn_cast<OMPExecutableDirective>(S))
    if (Directive->hasAssociatedStmt() && Directive->getAssociatedStmt())
      return Directive->getAssociatedStmt()->getEndLoc();
  return S->getEndLoc();
}

} // namespace

void PragmaTable::bind(ASTContext &Ctx, DiagTable &Diags) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Root> Roots;
  for (const FunctionDecl *FD : userFunctions(Ctx)) {
    const Stmt *Body = FD->getBody();
    Roots.push_back({Body, FD, SM.getExpansionLoc(Body->getBeginLoc()),
                     SM.getExpansionRange(Body->getEndLoc()).getEnd()});
  }

  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  };
  ByStmt.clear();
  for (PragmaRecord &Record : Records) {
    Record.Statement = nullptr;
    Record.Function = nullptr;
    SourceLocation P = SM.getExpansionLoc(Record.HashLoc);
    llvm::StringRef Word = pragmaWord(Record.Kind);

    // The innermost body around the pragma (a lambda's body inside a
    // function's body belongs to the lambda).
    const Root *Best = nullptr;
    for (const Root &R : Roots) {
      if (!Before(R.Begin, P) || !Before(P, R.End))
        continue;
      if (!Best || Before(Best->Begin, R.Begin))
        Best = &R;
    }
    if (!Best) {
      Diags.report(Record.WordLoc, Diag::PragmaOutsideFunction) << Word;
      continue;
    }

    // Walk down to the innermost statement around the pragma; the pragma
    // applies to that statement's first child after it.
    const Stmt *Parent = Best->Body;
    const Stmt *Next = nullptr;
    while (true) {
      const Stmt *Container = nullptr;
      SourceLocation NextBegin;
      Next = nullptr;
      for (const Stmt *Child : childStatements(Parent)) {
        if (!Child)
          continue;
        SourceLocation Begin = SM.getExpansionLoc(Child->getBeginLoc());
        // An OpenMP directive's own range is its pragma line; its statement
        // is inside it all the same.
        SourceLocation End = SM.getExpansionRange(statementEnd(Child)).getEnd();
        if (Begin.isInvalid() || End.isInvalid())
          continue;
        if (Before(Begin, P) && Before(P, End)) {
          Container = Child;
          break;
        }
        if (Before(P, Begin) && (!Next || Before(Begin, NextBegin))) {
          Next = Child;
          NextBegin = Begin;
        }
      }
      if (!Container)
        break;
      Parent = Container;
    }

    if (Record.Kind == PragmaKind::NoReorder) {
      // It applies to the block it is written in (Reordering.h), whatever
      // follows it.
      Record.Function = Best->Function;
      continue;
    }
    if (!Next || !isStatementSlot(Parent, Next, SM, P)) {
      Diags.report(Record.WordLoc, Diag::PragmaNoStatement) << Word;
      continue;
    }
    if (isa<DeclStmt>(Next)) {
      Diags.report(Record.WordLoc, Diag::PragmaBeforeDeclaration) << Word;
      continue;
    }
    Record.Statement = Next;
    Record.Function = Best->Function;
  }
  for (PragmaRecord &Record : Records)
    if (Record.Statement)
      ByStmt[Record.Statement].push_back(&Record);
}

llvm::ArrayRef<const PragmaRecord *>
PragmaTable::pragmasOf(const Stmt *S) const {
  auto It = ByStmt.find(S);
  if (It == ByStmt.end())
    return {};
  return It->second;
}

const PragmaRecord *PragmaTable::find(const Stmt *S, PragmaKind Kind) const {
  for (const PragmaRecord *Record : pragmasOf(S))
    if (Record->Kind == Kind)
      return Record;
  return nullptr;
}

} // namespace bamboo
