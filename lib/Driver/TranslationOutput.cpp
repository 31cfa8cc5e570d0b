//===- TranslationOutput.cpp - Write what one command translated ----------===//
//
// See TranslationOutput.h.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Driver/TranslationOutput.h"

#include "bamboo/Driver/DependencyFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace bamboo::driver {

namespace {

Error failure(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// Writes \p Text to \p Path, making its directory inside a mirrored tree
/// (as a compiler, -o does not make directories).
Error writeFile(StringRef Path, StringRef Text, bool MakeDirectory = false) {
  if (StringRef Dir = sys::path::parent_path(Path);
      MakeDirectory && !Dir.empty())
    if (std::error_code EC = sys::fs::create_directories(Dir))
      return failure("cannot create '" + Dir + "': " + EC.message());
  std::error_code EC;
  raw_fd_ostream Out(Path, EC, sys::fs::OF_TextWithCRLF);
  if (EC)
    return failure("cannot write '" + Path + "': " + EC.message());
  Out << Text;
  return Error::success();
}

} // namespace

Error writeTranslation(const ProgramTranslation &Program,
                       const OutputOptions &Options) {
  // Where each file goes; headers only into a mirrored tree.
  std::vector<std::pair<std::string, const TranslatedFile *>> Writes;
  for (const TranslatedFile &F : Program.Files) {
    if (!Options.Dir.empty()) {
      SmallString<256> Path(Options.Dir);
      sys::path::append(Path, mirroredPath(Program.Root, F.Path));
      Writes.push_back({std::string(Path), &F});
    } else if (F.IsSource) {
      Writes.push_back({Options.File.empty() ? "-" : Options.File, &F});
    } else if (F.Rewritten) {
      return failure("'" + F.Path + "' (included by '" +
                     Program.IncludedBy.lookup(F.Path) +
                     "') must be translated too; give --output-dir to write "
                     "the translated headers with the sources");
    }
  }
  for (const auto &[Path, F] : Writes) {
    if (Path == "-")
      outs() << F->Text;
    else if (Error E = writeFile(Path, F->Text,
                                 /*MakeDirectory=*/!Options.Dir.empty()))
      return E;
  }

  if (Options.DepFile.empty())
    return Error::success();
  std::vector<std::string> Targets = Options.DepTargets;
  if (Targets.empty())
    Targets.push_back(
        makefileEscaped(Writes.empty() ? "-" : Writes.front().first));
  return writeFile(Options.DepFile,
                   dependencyRule(Targets, Program.Read, Options.DepPhony));
}

} // namespace bamboo::driver
