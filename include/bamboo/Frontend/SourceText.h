//===- SourceText.h - Source text and names for messages -------*- C++ -*-===//
//
// Small helpers that turn AST nodes into the text a user wrote: expressions
// and statement headers (through Lexer::getSourceText), locations as
// file:line:col, and printable function names.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_FRONTEND_SOURCETEXT_H
#define BAMBOO_FRONTEND_SOURCETEXT_H

#include "clang/Basic/SourceLocation.h"
#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
class SourceManager;
class Stmt;
} // namespace clang

namespace bamboo {

/// The source text of \p Range (a token range), with runs of white space
/// (including newlines) folded to one space. Falls back to printing the AST
/// when the range is not in one file (e.g. spans macro arguments).
std::string sourceText(clang::SourceRange Range, const clang::ASTContext &Ctx);
std::string sourceText(const clang::Stmt *S, const clang::ASTContext &Ctx);

/// "file:line:col" of the expansion location of \p Loc.
std::string locationString(clang::SourceLocation Loc,
                           const clang::SourceManager &SM);

/// Whether the `;` that ends \p S is outside its source range (`f();`,
/// `do ... while (c);`, and a statement whose last substatement is one).
bool endsBeforeSemicolon(const clang::Stmt *S);

/// "exchange", "Grid::step", or "lambda at file:line:col".
std::string functionName(const clang::FunctionDecl *FD);

} // namespace bamboo

#endif // BAMBOO_FRONTEND_SOURCETEXT_H
