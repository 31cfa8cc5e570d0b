//===- CxxArguments.h - bamboo-cxx's command line --------------*- C++ -*-===//
//
// bamboo-cxx takes mpicxx's command line. This sorts it: the C++ sources to
// translate, what the translator must see to parse them as the compiler
// will (same macros, same include path, same language), what every compile
// gets, and the link inputs in their order.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_DRIVER_CXXARGUMENTS_H
#define BAMBOO_DRIVER_CXXARGUMENTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace bamboo::driver {

struct CxxArguments {
  /// C and C++ sources to translate: by extension, or after `-x c++` or
  /// `-x c`.
  std::vector<std::string> Sources;
  /// Flags the translator gets after `--`: include path, macros, language
  /// standard, and the flags that define macros (-O2, -march=, -fopenmp).
  std::vector<std::string> TranslatorArgs;
  /// Flags of every compile and of the link (inputs, -c, -o, -M* aside).
  std::vector<std::string> CompileArgs;
  /// Link inputs in order: objects, archives, -l, -L, -Wl, and sources bamboo
  /// does not translate (with their -x).
  std::vector<std::string> LinkInputs;
  /// --bamboo-arg=<arg>: options for the translator.
  std::vector<std::string> BambooArgs;
  std::string Output;
  std::string MPICxx; ///< --mpicxx=, else the default
  bool CompileOnly = false;
  bool KeepTranslated = false;
  bool Verbose = false;
  /// -MD/-MMD: write a dependency file beside each object (-MF, -MT/-MQ,
  /// -MP as for gcc).
  bool DependencyFile = false;
  std::string DependencyOutput;
  std::vector<std::string> DependencyTargets;
  bool PhonyTargets = false;
  /// Nothing to translate or build (--version, -dumpversion, -show, -M, -E):
  /// mpicxx answers with the same command line.
  bool PassThrough = false;
};

llvm::Expected<CxxArguments> parseCxxArguments(llvm::ArrayRef<std::string> Args,
                                               llvm::StringRef DefaultMPICxx);

/// Whether \p Path names a C++ source, or a C source, by its extension.
bool isCxxSource(llvm::StringRef Path);
bool isCSource(llvm::StringRef Path);

} // namespace bamboo::driver

#endif // BAMBOO_DRIVER_CXXARGUMENTS_H
