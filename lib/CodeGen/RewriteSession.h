//===- RewriteSession.h - What every lowering shares --------------*- C++
//-*-===//
//
// One translation of one main file: the Rewriter, the model, the diagnostics,
// and edits that respect macros (a call spelled in a macro argument can be
// edited where it is written; one in a macro body cannot, and is reported).
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_LIB_CODEGEN_REWRITESESSION_H
#define BAMBOO_LIB_CODEGEN_REWRITESESSION_H

#include "bamboo/CodeGen/Translate.h"
#include "bamboo/Frontend/Analysis.h"
#include "bamboo/Frontend/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <optional>
#include <string>
#include <vector>

namespace bamboo {
struct PragmaRecord;
} // namespace bamboo

namespace bamboo::codegen {

class RewriteSession {
public:
  RewriteSession(TranslationUnitModel &Model, DiagTable &Diags,
                 const TranslateOptions &Options);

  TranslationUnitModel &Model;
  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
  DiagTable &Diags;
  const TranslateOptions &Options;
  clang::Rewriter R;
  clang::FileID Main;

  /// Text to put before a rewritten file, and after the main file.
  llvm::DenseMap<clang::FileID, std::string> Prologues;
  std::string Epilogue;

  /// Whether \p FID is a file of the user's, which the translation rewrites
  /// (bamboo/Frontend/Inclusions.h).
  bool isUserFile(clang::FileID FID) const;
  /// Whether \p Loc (or where its macro is expanded) is in a user file.
  bool inUserFile(clang::SourceLocation Loc) const;

  /// Which side of a construct an edit is on: a macro expansion that starts
  /// (ends) with the construct is edited before (after) the macro's use.
  enum class Place { Token, Start, End };

  /// The user-file location where the token at \p Loc is written: \p Loc
  /// itself, the spelling of a macro argument, or the boundary of a macro's
  /// use (Place). Reports that \p What cannot be translated (and returns
  /// nothing) when it is written in a macro body, unless \p InMacroBodies
  /// (an edit every use of the macro wants), or in a system header.
  std::optional<clang::SourceLocation> editable(clang::SourceLocation Loc,
                                                llvm::StringRef What,
                                                Place Where = Place::Token,
                                                bool InMacroBodies = false);

  /// Edits at editable locations; false (after a diagnostic) if not editable.
  bool insertBefore(clang::SourceLocation Loc, llvm::StringRef Text,
                    llvm::StringRef What);
  bool insertAfterToken(clang::SourceLocation Loc, llvm::StringRef Text,
                        llvm::StringRef What);
  /// Inserts at \p Loc after what was inserted there before (insertBefore
  /// puts it in front).
  bool insertAfterInsertions(clang::SourceLocation Loc, llvm::StringRef Text,
                             llvm::StringRef What);
  /// \p InMacroBodies: see editable; the token is replaced once however many
  /// uses of its macro reach it.
  bool replaceToken(clang::SourceLocation Loc, llvm::StringRef Text,
                    llvm::StringRef What, bool InMacroBodies = false);
  bool replaceRange(clang::SourceRange Range, llvm::StringRef Text,
                    llvm::StringRef What);
  /// Replaces the tokens from \p First to \p Last, which are written together
  /// (in a macro body too, with \p InMacroBodies: see replaceToken).
  bool replaceTokens(clang::SourceLocation First, clang::SourceLocation Last,
                     llvm::StringRef Text, llvm::StringRef What,
                     bool InMacroBodies = false);

  /// Replaces the original text from \p Begin to the end of the token at
  /// \p LastToken (file locations), keeping what was inserted at Begin.
  void replaceOriginal(clang::SourceLocation Begin,
                       clang::SourceLocation LastToken, llvm::StringRef Text);

  /// Replaces the line of a `#pragma bamboo` (with its continuations) by
  /// \p Comment; nothing for a _Pragma in a macro or outside user files.
  void replacePragma(const PragmaRecord &P, llvm::StringRef Comment);

  /// The text of a token range as written.
  std::string sourceText(clang::SourceRange Range) const;
  /// The (character) location just past the `;` that ends \p S (after any
  /// comments before it), or past S. Reports \p What (and returns nothing)
  /// when that `;` comes from a macro, or S ends inside a macro's body;
  /// with \p Quiet, only returns nothing (for edits that are optional).
  std::optional<clang::SourceLocation> endOfStatement(const clang::Stmt *S,
                                                      llvm::StringRef What,
                                                      bool Quiet = false);
  /// "ring.cpp:12".
  std::string where(clang::SourceLocation Loc) const;
  /// The main file's name, without directories.
  std::string fileName() const;
  /// `#line Line` (with \p FID's path under --line-directives) and a newline:
  /// after lines a translation adds, the next is numbered as in the input.
  std::string lineDirective(clang::FileID FID, unsigned Line) const;

  /// A type as C++ source, fully qualified (for types the user did not spell,
  /// such as deduced return types).
  std::string typeText(clang::QualType T) const;

  /// Whether the file is C (translated into C: docs/c.md).
  bool isC() const;
  /// The translated main file and every user file it includes, or nothing
  /// if errors were reported.
  std::optional<std::vector<TranslatedFile>> result();

private:
  mutable llvm::DenseMap<clang::FileID, bool> UserFiles;
  /// Tokens replaced so far (file locations): a token of a macro body once.
  llvm::DenseSet<clang::SourceLocation::UIntTy> Replaced;
};

} // namespace bamboo::codegen

#endif // BAMBOO_LIB_CODEGEN_REWRITESESSION_H
