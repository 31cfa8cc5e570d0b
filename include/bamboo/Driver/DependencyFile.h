//===- DependencyFile.h - Makefile rules of what a build read --*- C++ -*-===//
//
// The dependency files of `bamboo --depfile` and `bamboo-cxx -MD`: one
// Makefile rule, as gcc writes them.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_DRIVER_DEPENDENCYFILE_H
#define BAMBOO_DRIVER_DEPENDENCYFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace bamboo::driver {

/// \p Path as a word of a Makefile rule (spaces, '#' and '$' quoted).
std::string makefileEscaped(llvm::StringRef Path);

/// `targets: prerequisites`, one prerequisite per line; \p Targets are
/// written as given (-MT's), \p Prerequisites escaped, each once. With
/// \p PhonyPrerequisites, an empty rule for each but the first (gcc's -MP),
/// so that a deleted header does not break the build.
std::string dependencyRule(llvm::ArrayRef<std::string> Targets,
                           llvm::ArrayRef<std::string> Prerequisites,
                           bool PhonyPrerequisites = false);

} // namespace bamboo::driver

#endif // BAMBOO_DRIVER_DEPENDENCYFILE_H
