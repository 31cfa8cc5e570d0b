//===- TestSupport.h - Parsing code strings for the front end's tests -----===//
//
// Parses code with the flags bamboo adds (Clang's resource dir, MPI's include
// path), either as a plain AST (buildASTFromCodeWithArgs) or through the
// bamboo action so that `#pragma bamboo` is seen, collecting diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_TEST_UNIT_TESTSUPPORT_H
#define BAMBOO_TEST_UNIT_TESTSUPPORT_H

#include "bamboo/Frontend/Analysis.h"
#include "clang/Frontend/ASTUnit.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
class ASTContext;
} // namespace clang

namespace bamboo::test {

/// The compiler flags for test code: bamboo's own plus -std=c++20.
std::vector<std::string> testFlags();

/// A plain AST (no pragma handler), for analyses that do not need pragmas.
std::unique_ptr<clang::ASTUnit>
parse(llvm::StringRef Code, const std::vector<std::string> &ExtraFlags = {});

/// The result of running the whole front end on a code string.
struct Analysis {
  bool Ok = false;
  /// "line:col: error: message" for each diagnostic (notes included).
  std::vector<std::string> Diagnostics;
};

/// Runs the front end on \p Code and calls \p Check with the model while
/// the AST is alive.
Analysis analyze(llvm::StringRef Code,
                 std::function<void(TranslationUnitModel &)> Check = nullptr);

/// The function named \p Name in \p Ctx (the first with a body), or null.
const clang::FunctionDecl *findFunction(clang::ASTContext &Ctx,
                                        llvm::StringRef Name);

/// The source text of \p S.
std::string text(const clang::Stmt *S, const clang::ASTContext &Ctx);

} // namespace bamboo::test

#endif // BAMBOO_TEST_UNIT_TESTSUPPORT_H
