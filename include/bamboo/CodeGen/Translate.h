//===- Translate.h - From the front end's model to C++ for the runtime -*- C++
//-*-===//
//
// The translator's second stage: rewrites an analysed translation unit, its
// main file and the user headers it includes, into C++20 for the Bamboo
// runtime (docs/codegen.md, docs/multifile.md). The user's text is edited in
// place; what is not rewritten comes out unchanged, line for line.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_CODEGEN_TRANSLATE_H
#define BAMBOO_CODEGEN_TRANSLATE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace bamboo {

class DiagTable;
class TranslationUnitModel;

struct TranslateOptions {
  /// Emit `#line` directives so that compiler messages and debuggers name the
  /// original file (line numbers already match without them).
  bool LineDirectives = false;
  /// The output is a mirrored tree rooted at Root (docs/multifile.md): every
  /// user header is part of it, and an #include that would not find the
  /// translated header from the translated file's place is redirected.
  /// Without it, only the main file is meant to be written.
  bool Mirror = false;
  /// Empty: files are placed by their absolute paths, so that any root that
  /// holds them all, chosen after, keeps the redirected #includes right.
  std::string Root;
  /// Emit blocks in the order the analysis chose for overlap
  /// (docs/reorder.md); off with --no-reorder.
  bool Reorder = true;
};

/// One file of a translation: the main file or a user header.
struct TranslatedFile {
  std::string Path;       ///< the original file, absolute
  std::string Text;       ///< its translation
  bool IsSource = false;  ///< the translation unit's main file
  bool Rewritten = false; ///< edited (not only copied)
};

/// Translates \p Model. Problems are reported through \p Diags; returns the
/// main file's translation first, then every user file it includes, or
/// nothing if an error was reported (by this stage or earlier ones).
std::optional<std::vector<TranslatedFile>>
translateFile(TranslationUnitModel &Model, DiagTable &Diags,
              const TranslateOptions &Options);

/// Where \p Path (absolute) goes in a mirrored tree rooted at \p Root: its
/// path relative to Root, or `outside-root/<absolute path>`.
std::string mirroredPath(llvm::StringRef Root, llvm::StringRef Path);

/// The deepest directory that holds every file of \p Paths (absolute).
std::string commonRoot(llvm::ArrayRef<std::string> Paths);

} // namespace bamboo

#endif // BAMBOO_CODEGEN_TRANSLATE_H
