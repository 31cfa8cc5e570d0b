//===- Translate.h - From the front end's model to C++ for the runtime -*- C++ -*-===//
//
// The translator's second stage: rewrites the main file of an analysed
// translation unit into C++20 for the Bamboo runtime (docs/codegen.md). The
// user's text is edited in place; what is not rewritten comes out unchanged,
// line for line.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_CODEGEN_TRANSLATE_H
#define BAMBOO_CODEGEN_TRANSLATE_H

#include <optional>
#include <string>

namespace bamboo {

class DiagTable;
class TranslationUnitModel;

struct TranslateOptions {
  /// Emit `#line` directives so that compiler messages and debuggers name the
  /// original file (line numbers already match without them).
  bool LineDirectives = false;
};

/// Translates the main file of \p Model. Problems are reported through
/// \p Diags; returns the translated text, or nothing if an error was reported
/// (by this stage or earlier ones).
std::optional<std::string> translateMainFile(TranslationUnitModel &Model,
                                             DiagTable &Diags,
                                             const TranslateOptions &Options);

} // namespace bamboo

#endif // BAMBOO_CODEGEN_TRANSLATE_H
