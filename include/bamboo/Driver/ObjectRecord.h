//===- ObjectRecord.h - What a compiled object remembers --------*- C++ -*-===//
//
// `bamboo-cxx -c` stores in each object (section `.bamboo`) the summary of
// its source and how it was translated and compiled, so that the link can
// tell whether the object saw the program right and, if not, translate and
// compile it again with the program's facts (docs/multifile.md). Also the
// check that an object without a record makes no MPI call that needs the
// runtime (it was compiled with mpicxx, not bamboo-cxx).
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_DRIVER_OBJECTRECORD_H
#define BAMBOO_DRIVER_OBJECTRECORD_H

#include "bamboo/Frontend/Summary.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace bamboo::driver {

inline constexpr const char *RecordSection = ".bamboo";

struct ObjectRecord {
  FileSummary Summary;   ///< of the source, with what its translation decided
  std::string Directory; ///< where the compile ran
  std::string Root;      ///< the mirrored tree's root (--root)
  std::vector<std::string> BambooArgs; ///< translator options
  std::vector<std::string>
      TranslatorArgs; ///< compiler flags for the translator
  std::vector<std::string>
      CompileArgs; ///< mpicxx's flags, inputs and -c/-o aside
};

std::string writeObjectRecord(const ObjectRecord &Record);
llvm::Expected<ObjectRecord> readObjectRecord(llvm::StringRef Text);

/// An object file, or a member of an archive, and what it holds.
struct ObjectFileInfo {
  std::string Name; ///< "a.o", or "libx.a(a.o)"
  bool InArchive = false;
  std::optional<ObjectRecord> Record;
  /// MPI functions it calls that need the runtime (not MPI's process-local
  /// ones): a sign it was compiled without translation.
  std::vector<std::string> DirectMPICalls;
};

/// Reads an object file or an archive of them; other files (shared
/// libraries, scripts) give nothing.
llvm::Expected<std::vector<ObjectFileInfo>>
inspectObjects(llvm::StringRef Path);

} // namespace bamboo::driver

#endif // BAMBOO_DRIVER_OBJECTRECORD_H
