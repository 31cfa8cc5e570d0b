//===- PragmaTable.h - #pragma bamboo: handler, table, binder --*- C++ -*-===//
//
// An out-of-tree tool cannot add annotation tokens to clang's parser, so the
// pragmas live in a side table: the PragmaHandler records each
// `#pragma bamboo olap|send|receive` (location, word, clauses) while the file
// is preprocessed, and after parsing PragmaTable::bind attaches each record to
// the statement that follows it.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_FRONTEND_PRAGMATABLE_H
#define BAMBOO_FRONTEND_PRAGMATABLE_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Pragma.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace bamboo {

class DiagTable;

enum class PragmaKind : uint8_t { Olap, Send, Receive, NoReorder };

/// "olap", "send", "receive" or "noreorder".
llvm::StringRef pragmaWord(PragmaKind Kind);

/// One `#pragma bamboo ...` as written, and (after binding) the statement it
/// applies to.
struct PragmaRecord {
  PragmaKind Kind;
  clang::SourceLocation HashLoc; ///< the '#' (PragmaIntroducer::Loc)
  clang::SourceLocation WordLoc; ///< 'olap', 'send' or 'receive'
  std::optional<int> Priority;   ///< olap's priority(N) clause
  clang::SourceLocation PriorityLoc;
  /// A clause had an error, already reported; the pragma still binds, so one
  /// typo does not cascade into "send not inside an olap region".
  bool Malformed = false;

  /// Set by PragmaTable::bind: the statement that follows the pragma and the
  /// function (or lambda call operator) whose body contains it. Null when the
  /// pragma could not be bound (an error was reported). `noreorder` applies
  /// to the block it is written in: it has a Function and no Statement.
  const clang::Stmt *Statement = nullptr;
  const clang::FunctionDecl *Function = nullptr;

  bool isBound() const { return Statement != nullptr; }
};

/// The pragmas of one translation unit, in source order. Owned by the
/// FrontendAction; filled by BambooPragmaHandler, then bound.
class PragmaTable {
public:
  void add(PragmaRecord Record) { Records.push_back(Record); }

  llvm::ArrayRef<PragmaRecord> pragmas() const { return Records; }

  /// Binds each pragma to the statement that directly follows it in the
  /// same block (or statement slot: an if/else branch, a loop body, a label's
  /// statement). Reports pragmas outside function bodies, pragmas not followed
  /// by a statement and pragmas before declarations (but `noreorder`, which
  /// needs neither). Pragmas in system
  /// headers are ignored.
  void bind(clang::ASTContext &Ctx, DiagTable &Diags);

  /// The bound pragmas of \p S, in source order.
  llvm::ArrayRef<const PragmaRecord *> pragmasOf(const clang::Stmt *S) const;

  /// The first bound pragma of kind \p Kind on \p S, or null.
  const PragmaRecord *find(const clang::Stmt *S, PragmaKind Kind) const;

private:
  std::vector<PragmaRecord> Records;
  llvm::DenseMap<const clang::Stmt *,
                 llvm::SmallVector<const PragmaRecord *, 1>>
      ByStmt;
};

/// Handles `#pragma bamboo ...`: lexes the word and clauses, reports each
/// error at the offending token, and adds a record to the table.
class BambooPragmaHandler : public clang::PragmaHandler {
public:
  BambooPragmaHandler(PragmaTable &Table, DiagTable &Diags)
      : clang::PragmaHandler("bamboo"), Table(Table), Diags(Diags) {}

  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;

private:
  PragmaTable &Table;
  DiagTable &Diags;
};

} // namespace bamboo

#endif // BAMBOO_FRONTEND_PRAGMATABLE_H
