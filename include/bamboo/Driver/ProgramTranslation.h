//===- ProgramTranslation.h - Translate the files of one program -*- C++
//-*-===//
//
// The `bamboo` command's work (docs/multifile.md): the files of one program
// are analysed together. A first pass parses each file for its call graph
// (silently); the merged graphs are the program's facts; a second pass
// analyses and translates each file with them. Stops at the first file that
// fails, and then nothing is to be written.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_DRIVER_PROGRAMTRANSLATION_H
#define BAMBOO_DRIVER_PROGRAMTRANSLATION_H

#include "bamboo/CodeGen/Translate.h"
#include "bamboo/Frontend/Summary.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace bamboo::driver {

struct ProgramOptions {
  /// Print the analysis (--explain). The files are still translated, so that
  /// every diagnostic of translation is reported, but the caller writes none.
  bool Explain = false;
  llvm::raw_ostream *ExplainOut = nullptr;
  /// Mirror, Root (empty: the deepest directory holding every user file
  /// read) and LineDirectives.
  TranslateOptions Translate;
  /// Summaries of other files of the program (--facts).
  std::vector<FileSummary> Facts;
  std::string ResourceDir;
  /// Argument adjusters run after Bamboo's own (--extra-arg and friends are
  /// the compilation database's business).
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
  /// The summary of each source, with what its translation decided.
  std::vector<FileSummary> Summaries;
};

ProgramTranslation
translateProgram(const clang::tooling::CompilationDatabase &Compilations,
                 llvm::ArrayRef<std::string> Sources,
                 const ProgramOptions &Options);

} // namespace bamboo::driver

#endif // BAMBOO_DRIVER_PROGRAMTRANSLATION_H
