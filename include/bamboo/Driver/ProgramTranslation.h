//===- ProgramTranslation.h - Translate the files of one command -*- C++
//-*-===//
//
// The `bamboo` command's work (docs/multifile.md): each source is analysed
// and translated on its own, as a compiler compiles it; what the files of
// one command share is their output tree (one translation of each header)
// and one main. Stops at the first file that fails, and then nothing is to
// be written.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_DRIVER_PROGRAMTRANSLATION_H
#define BAMBOO_DRIVER_PROGRAMTRANSLATION_H

#include "bamboo/CodeGen/Translate.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace bamboo::driver {

struct ProgramOptions {
  /// Print the analysis (--explain). The files are still translated, so that
  /// every diagnostic of translation is reported, but the caller writes none.
  bool Explain = false;
  llvm::raw_ostream *ExplainOut = nullptr;
  /// Mirror, Root (empty: the deepest directory holding every file
  /// translated) and LineDirectives.
  TranslateOptions Translate;
  std::string ResourceDir;
};

struct ProgramTranslation {
  bool Ok = false;
  /// The source that failed, when !Ok.
  std::string Failed;
  /// The mirrored tree's root (Translate.Root, or the one found).
  std::string Root;
  /// Every file translated, each once: the sources in the order given, then
  /// the headers in the order they were first read.
  std::vector<TranslatedFile> Files;
  /// For each header of Files, the first source that included it.
  llvm::StringMap<std::string> IncludedBy;
  /// Every user file the translations read (sources and their headers), as
  /// absolute paths, each once: what a depfile lists.
  std::vector<std::string> Read;
};

ProgramTranslation
translateProgram(const clang::tooling::CompilationDatabase &Compilations,
                 llvm::ArrayRef<std::string> Sources,
                 const ProgramOptions &Options);

} // namespace bamboo::driver

#endif // BAMBOO_DRIVER_PROGRAMTRANSLATION_H
