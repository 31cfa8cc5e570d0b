//===- PrefixCache.h - The leading system includes, precompiled -*- C++ -*-===//
//
// Most of a translation's parse is its system headers (<mpi.h> alone is half
// of a C file's). The system headers a file reads first (LeadingIncludes.h)
// are compiled once into a precompiled header kept in a cache shared by every
// build (BAMBOO_CACHE_DIR). A parse loads it, skips the main file's own
// include lines, as clangd's preamble does, and finds the headers that user
// headers include already read. docs/multifile.md says when it applies and
// what it saves.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_TOOL_PREFIXCACHE_H
#define BAMBOO_TOOL_PREFIXCACHE_H

#include "bamboo/Tool/LeadingIncludes.h"
#include <string>

namespace clang {
class CompilerInstance;
} // namespace clang

namespace bamboo::tool {

/// The cache directory: BAMBOO_CACHE_DIR, else $XDG_CACHE_HOME/bamboo, else
/// $HOME/.cache/bamboo; empty when BAMBOO_CACHE=0 or none can be named.
std::string prefixCacheDirectory();

/// Makes \p CI load the precompiled leading includes of its main file,
/// building them into the cache if missing or stale. Returns what the
/// precompiled header stands for (no Headers: the parse reads every file, as
/// without a cache).
LeadingIncludes usePrefixCache(clang::CompilerInstance &CI);

} // namespace bamboo::tool

#endif // BAMBOO_TOOL_PREFIXCACHE_H
