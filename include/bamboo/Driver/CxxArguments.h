//===- CxxArguments.h - bamboo-cxx's command line --------------*- C++ -*-===//
//
// bamboo-cxx takes mpicxx's (or mpicc's) command line. This sorts it: the C
// and C++ sources to translate, what the translator must see to parse them as
// the compiler will (same macros, same include path, same language), what
// every compile gets, what only C or only C++ compiles get, and the link
// inputs in their order.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_DRIVER_CXXARGUMENTS_H
#define BAMBOO_DRIVER_CXXARGUMENTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace bamboo::driver {

/// A source to translate, and its language: by extension, or after `-x c++`
/// or `-x c`. A C source's translation is C, compiled by mpicc (docs/c.md).
struct SourceFile {
  std::string Path;
  bool IsC = false;
};

struct CxxArguments {
  std::vector<SourceFile> Sources;
  /// Flags the translator gets after `--`: include path, macros, language
  /// standard, and the flags that define macros (-O2, -march=, -fopenmp).
  std::vector<std::string> TranslatorArgs;
  /// Flags of every compile and of the link (inputs, -c, -o, -M*, -std=
  /// aside).
  std::vector<std::string> CompileArgs;
  /// The standard of C++ compiles and of the link: the user's, C++17 at
  /// least (the runtime's headers); empty: the compiler's default.
  std::string CxxStandard;
  /// The user's C standard (-std=c99), for C compiles; empty: the compiler's.
  std::string CStandard;
  /// Warnings GCC knows for C only (-Wmissing-prototypes): C compiles only.
  std::vector<std::string> COnlyArgs;
  /// Link inputs in order: objects, archives, -l, -L, -Wl, and sources bamboo
  /// does not translate (with their -x).
  std::vector<std::string> LinkInputs;
  std::string Output;
  std::string MPICxx; ///< --mpicxx=, else the default
  /// --mpicc=, else the C compiler beside --mpicxx=, else the default.
  std::string MPICC;
  bool CompileOnly = false;
  bool KeepTranslated = false;
  /// --no-reorder: statements in their written order (docs/reorder.md).
  bool NoReorder = false;
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
                                               llvm::StringRef DefaultMPICxx,
                                               llvm::StringRef DefaultMPICC);

/// The C compiler of the MPI whose C++ compiler is \p MPICxx: mpicc.mpich
/// for mpicxx.mpich, /opt/bin/mpicc for /opt/bin/mpic++; empty if the name
/// says nothing.
std::string mpiCCompilerBeside(llvm::StringRef MPICxx);

/// Whether \p Path names a C++ source, or a C source, by its extension.
bool isCxxSource(llvm::StringRef Path);
bool isCSource(llvm::StringRef Path);

} // namespace bamboo::driver

#endif // BAMBOO_DRIVER_CXXARGUMENTS_H
