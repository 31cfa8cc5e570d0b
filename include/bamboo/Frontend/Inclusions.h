//===- Inclusions.h - The files a translation unit reads -------*- C++ -*-===//
//
// Recorded while the file is preprocessed: every file entered and every
// #include directive with what it resolved to. Code generation uses them to
// rewrite user headers and to redirect includes to the translated headers;
// the tool to list what a translation depends on (docs/multifile.md).
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_FRONTEND_INCLUSIONS_H
#define BAMBOO_FRONTEND_INCLUSIONS_H

#include "clang/Basic/FileEntry.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class PPCallbacks;
class SourceManager;
} // namespace clang

namespace bamboo {

struct IncludeDirective {
  clang::FileID Includer;
  /// The header name as written, with its quotes or angle brackets.
  clang::CharSourceRange FilenameRange;
  bool Angled = false;
  /// Written through a macro (`#include HEADER`): the name cannot be edited.
  bool ThroughMacro = false;
  clang::OptionalFileEntryRef Target;
};

class Inclusions {
public:
  /// The callbacks that fill this table while \p SM's files are lexed; the
  /// table must outlive the preprocessor.
  std::unique_ptr<clang::PPCallbacks> recorder(const clang::SourceManager &SM);

  /// Every file entered, in the order it was first entered (each inclusion of
  /// a header without a guard is a FileID of its own).
  llvm::ArrayRef<clang::FileID> files() const { return Files; }
  llvm::ArrayRef<IncludeDirective> directives() const { return Directives; }
  /// Records `#include <...>` at \p FilenameRange of \p Includer, a
  /// directive of a precompiled prefix (a system header: no target).
  void addPrecompiled(clang::FileID Includer,
                      clang::CharSourceRange FilenameRange) {
    Directives.push_back({Includer, FilenameRange, /*Angled=*/true,
                          /*ThroughMacro=*/false, std::nullopt});
  }

private:
  friend class InclusionRecorder;
  std::vector<clang::FileID> Files;
  std::vector<IncludeDirective> Directives;
};

/// Whether \p FID is a file of the user's: a real file that is neither a
/// system header (found through -isystem, the compiler's own directories or
/// `#pragma GCC system_header`) nor one of MPI's headers. Only user files
/// are rewritten.
bool isUserFile(const clang::SourceManager &SM, clang::FileID FID);

/// The absolute path of \p FID's file, without `.` or `..` (relative paths
/// are taken from the compile command's directory); empty for a buffer.
std::string absolutePath(const clang::SourceManager &SM, clang::FileID FID);

} // namespace bamboo

#endif // BAMBOO_FRONTEND_INCLUSIONS_H
