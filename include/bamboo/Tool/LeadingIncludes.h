//===- LeadingIncludes.h - The system headers a parse reads first -*- C++
//-*-===//
//
// What a precompiled header may stand for: the system includes a parse reads
// first, whether the main file names them itself or a header of the user's
// it starts with does, after its include guard and declarations of the
// user's own names. The walk reads with clang's raw lexer and stops at the
// first thing it does not follow. docs/multifile.md says why a parse that
// loads these headers first means what the file means.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_TOOL_LEADINGINCLUDES_H
#define BAMBOO_TOOL_LEADINGINCLUDES_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class LangOptions;
} // namespace clang

namespace bamboo::tool {

/// A file an include names, as the preprocessor would find it.
struct FoundHeader {
  std::string Path;
  llvm::StringRef Text;
  /// Found in a system directory (-isystem, the compiler's own).
  bool System = false;
};

/// Finds what `#include <Name>` (\p Angled) or `#include "Name"` in the file
/// \p Includer names; std::nullopt if nothing.
using HeaderLookup = llvm::function_ref<std::optional<FoundHeader>(
    llvm::StringRef Name, bool Angled, llvm::StringRef Includer)>;

struct LeadingIncludes {
  /// The system headers in the order the parse enters them, each spelled as
  /// an include of its own: "<stdio.h>".
  std::vector<std::string> Headers;
  /// The first FromMain of Headers are the main file's own; its first
  /// SkippedBytes bytes hold their lines and nothing but blanks and comments.
  unsigned FromMain = 0;
  unsigned SkippedBytes = 0;
  /// Offsets in the main file of each of those names: `<` and one past `>`.
  std::vector<std::pair<unsigned, unsigned>> SkippedNames;
  /// The guards user headers define before the rest of Headers. A system
  /// header that names one could mean something else read first.
  std::vector<std::string> Guards;
  /// The identifiers, keywords included, of the declarations that come
  /// before all of Headers. A header that names one (or defines a keyword
  /// among them as a macro) could change their meaning, or they its.
  std::vector<std::string> CodeNames;
  /// The names of function parameters those declarations declare: only a
  /// macro of that name could change them.
  std::vector<std::string> ParameterNames;
};

/// Walks the leading includes of \p MainText (the file \p MainPath),
/// entering user headers through \p Lookup.
LeadingIncludes findLeadingIncludes(llvm::StringRef MainPath,
                                    llvm::StringRef MainText,
                                    const clang::LangOptions &LangOpts,
                                    HeaderLookup Lookup);

} // namespace bamboo::tool

#endif // BAMBOO_TOOL_LEADINGINCLUDES_H
