//===- TranslationOutput.h - Write what one command translated --*- C++ -*-===//
//
// Where a translation goes, as `bamboo` and `bamboo-cxx` write it: the one
// source to -o (or standard output), or every translated file, user headers
// included, to a mirrored tree; and the depfile of what was read.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_DRIVER_TRANSLATIONOUTPUT_H
#define BAMBOO_DRIVER_TRANSLATIONOUTPUT_H

#include "bamboo/Driver/ProgramTranslation.h"

#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace bamboo::driver {

struct OutputOptions {
  /// The one source's translation ("-" or empty: standard output); a header
  /// that needs rewriting is then an error.
  std::string File;
  /// The root of a mirrored tree for every file; set, File is unused.
  std::string Dir;
  /// A Makefile rule of every user file read, for the first file written
  /// (or DepTargets, written as given), with -MP's phony rules if DepPhony.
  std::string DepFile;
  std::vector<std::string> DepTargets;
  bool DepPhony = false;
};

llvm::Error writeTranslation(const ProgramTranslation &Program,
                             const OutputOptions &Options);

} // namespace bamboo::driver

#endif // BAMBOO_DRIVER_TRANSLATIONOUTPUT_H
