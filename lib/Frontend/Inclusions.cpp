//===- Inclusions.cpp - The files a translation unit reads ----------------===//

#include "bamboo/Frontend/Inclusions.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace bamboo {

class InclusionRecorder : public PPCallbacks {
public:
  InclusionRecorder(Inclusions &Table, const SourceManager &SM)
      : Table(Table), SM(SM) {}

  void LexedFileChanged(FileID FID, LexedFileChangeReason Reason,
                        SrcMgr::CharacteristicKind, FileID,
                        SourceLocation) override {
    if (Reason == LexedFileChangeReason::EnterFile && FID.isValid() &&
        llvm::find(Table.Files, FID) == Table.Files.end())
      Table.Files.push_back(FID);
  }

  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef,
                          bool IsAngled, CharSourceRange FilenameRange,
                          OptionalFileEntryRef File, StringRef, StringRef,
                          const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    IncludeDirective D;
    D.Includer = SM.getFileID(HashLoc);
    D.FilenameRange = FilenameRange;
    D.Angled = IsAngled;
    D.ThroughMacro = FilenameRange.getBegin().isMacroID() ||
                     SM.getFileID(FilenameRange.getBegin()) != D.Includer;
    D.Target = File;
    Table.Directives.push_back(D);
  }

private:
  Inclusions &Table;
  const SourceManager &SM;
};

std::unique_ptr<PPCallbacks> Inclusions::recorder(const SourceManager &SM) {
  return std::make_unique<InclusionRecorder>(*this, SM);
}

namespace {

/// MPI's own headers (mpi.h, mpio.h, mpi_proto.h, ...) when a -I makes them
/// ordinary headers: named mpi*.h, next to an mpi.h.
bool isMPIHeader(llvm::StringRef Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  if (!Name.starts_with("mpi") || !Name.ends_with(".h"))
    return false;
  llvm::SmallString<256> MPIH(llvm::sys::path::parent_path(Path));
  llvm::sys::path::append(MPIH, "mpi.h");
  return llvm::sys::fs::exists(MPIH);
}

} // namespace

bool isUserFile(const SourceManager &SM, FileID FID) {
  OptionalFileEntryRef File = SM.getFileEntryRefForID(FID);
  if (!File)
    return false;
  if (SrcMgr::isSystem(SM.getFileCharacteristic(SM.getLocForStartOfFile(FID))))
    return false;
  return !isMPIHeader(File->getName());
}

std::string absolutePath(const SourceManager &SM, FileID FID) {
  OptionalFileEntryRef File = SM.getFileEntryRefForID(FID);
  if (!File)
    return "";
  llvm::SmallString<256> Path(File->getName());
  SM.getFileManager().makeAbsolutePath(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

} // namespace bamboo
