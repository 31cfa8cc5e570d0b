//===- ObjectInspection.h - What an object of the link calls ----*- C++ -*-===//
//
// bamboo-cxx links objects as mpicxx does. An object that makes MPI calls
// itself (compiled with mpicxx, not bamboo-cxx) would bypass the virtual
// ranks, so the link looks into every object and archive member it is given
// for undefined MPI functions that need the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_DRIVER_OBJECTINSPECTION_H
#define BAMBOO_DRIVER_OBJECTINSPECTION_H

#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace bamboo::driver {

/// An object file, or a member of an archive, and the MPI it calls.
struct ObjectFileInfo {
  std::string Name; ///< "a.o", or "libx.a(a.o)"
  /// MPI functions it calls that need the runtime (not MPI's process-local
  /// ones): a sign it was compiled without translation.
  std::vector<std::string> DirectMPICalls;
};

/// Reads an object file or an archive of them; other files (shared
/// libraries, scripts) give nothing.
llvm::Expected<std::vector<ObjectFileInfo>>
inspectObjects(llvm::StringRef Path);

} // namespace bamboo::driver

#endif // BAMBOO_DRIVER_OBJECTINSPECTION_H
