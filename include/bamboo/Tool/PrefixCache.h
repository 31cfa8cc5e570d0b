//===- PrefixCache.h - The leading system includes, precompiled -*- C++ -*-===//
//
// Most of a translation's parse is its system headers (<mpi.h> alone is half
// of a C file's). The leading `#include <...>` lines of a main file are
// compiled once into a precompiled header kept in a cache shared by every
// build (BAMBOO_CACHE_DIR); a parse loads it and skips those bytes of the main
// file, as clangd's preamble does, so the token stream is the file's own.
// docs/multifile.md says when it applies and what it saves.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_TOOL_PREFIXCACHE_H
#define BAMBOO_TOOL_PREFIXCACHE_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
} // namespace clang

namespace bamboo::tool {

/// The leading system includes of a file: every byte before Size is blank,
/// a comment or an `#include <...>` line.
struct SystemPrefix {
  unsigned Size = 0;
  /// Offsets of each include's `<` and one past its `>`.
  std::vector<std::pair<unsigned, unsigned>> Names;
};

/// The prefix of \p Text; Size 0 if it does not start with a system include
/// (or uses what the scan does not follow: line continuations, trigraphs).
SystemPrefix findSystemPrefix(llvm::StringRef Text);

/// The cache directory: BAMBOO_CACHE_DIR, else $XDG_CACHE_HOME/bamboo, else
/// $HOME/.cache/bamboo; empty when BAMBOO_CACHE=0 or none can be named.
std::string prefixCacheDirectory();

/// Makes \p CI load the precompiled prefix of its main file, building it
/// into the cache if missing or stale. Returns the prefix used (Size 0: the
/// parse reads the file whole, as without a cache).
SystemPrefix usePrefixCache(clang::CompilerInstance &CI);

} // namespace bamboo::tool

#endif // BAMBOO_TOOL_PREFIXCACHE_H
