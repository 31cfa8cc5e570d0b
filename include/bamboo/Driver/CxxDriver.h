//===- CxxDriver.h - bamboo-cxx: build as mpicxx does, through bamboo -*- C++
//-*-===//
//
// bamboo-cxx's work (docs/multifile.md): translate each source of the
// command on its own, compile the translation with mpicxx (C with mpicc), and
// link the objects with the runtime, refusing an object that calls MPI itself.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_DRIVER_CXXDRIVER_H
#define BAMBOO_DRIVER_CXXDRIVER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace bamboo::driver {

/// Where bamboo-cxx finds its tools and the runtime.
struct CxxDriverConfig {
  std::string MPICxx; ///< the MPI compiler, unless --mpicxx= names another
  std::string MPICC;  ///< its C compiler, unless --mpicc= names another
  /// The runtime, relative to an installed bamboo-cxx's prefix, and in the
  /// build tree (used when the installed one is not there).
  std::string InstallIncludeDir, InstallLibDir;
  std::string BuildIncludeDir, BuildLibDir;
  /// Compile and link flags that the runtime needs in every program linking
  /// it (a sanitized runtime's -fsanitize=); usually none.
  std::vector<std::string> RuntimeFlags;
};

/// Runs bamboo-cxx with \p Arguments (without the program name); the
/// translator is next to \p Executable. Returns the exit status.
int runCxxDriver(llvm::ArrayRef<std::string> Arguments,
                 llvm::StringRef Executable, const CxxDriverConfig &Config);

} // namespace bamboo::driver

#endif // BAMBOO_DRIVER_CXXDRIVER_H
