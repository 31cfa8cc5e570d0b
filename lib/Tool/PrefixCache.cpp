//===- PrefixCache.cpp - The leading system includes, precompiled ---------===//
//
// An entry is <key>.pch and <key>.files (size, time and path of every header
// the PCH read). The key hashes everything that could change what the
// prefix means: its text, the cc1 command line but the file's name, the
// working directory, Bamboo's and LLVM's versions, and the way entries are
// built. Before each use the headers are checked against <key>.files
// (clang's own check is a fatal error, not a fallback). A PCH whose headers are
// not all system headers is never kept: a user's header must be parsed,
// rewritten and recorded as such.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Tool/PrefixCache.h"
#include "ToolConfig.inc"

#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstdlib>

using namespace clang;

namespace bamboo::tool {

SystemPrefix findSystemPrefix(llvm::StringRef Text) {
  SystemPrefix Out;
  size_t P = 0;
  auto SkipBlanks = [&](size_t &Q) {
    while (Q < Text.size() && isHorizontalWhitespace(Text[Q]))
      ++Q;
  };
  while (P < Text.size()) {
    char C = Text[P];
    if (isWhitespace(C)) {
      ++P;
      continue;
    }
    llvm::StringRef Rest = Text.substr(P);
    if (Rest.starts_with("//")) {
      size_t Eol = Text.find('\n', P);
      if (Eol == llvm::StringRef::npos)
        break;
      P = Eol + 1;
      continue;
    }
    if (Rest.starts_with("/*")) {
      size_t Close = Text.find("*/", P + 2);
      if (Close == llvm::StringRef::npos)
        break;
      P = Close + 2;
      continue;
    }
    if (C != '#')
      break;
    size_t Q = P + 1;
    SkipBlanks(Q);
    if (!Text.substr(Q).starts_with("include"))
      break;
    Q += 7;
    SkipBlanks(Q);
    if (Q >= Text.size() || Text[Q] != '<')
      break;
    size_t Close = Text.find_first_of(">\n", Q);
    if (Close == llvm::StringRef::npos || Text[Close] != '>')
      break;
    size_t Eol = Text.find('\n', Close);
    if (Eol == llvm::StringRef::npos)
      break;
    llvm::StringRef Tail = Text.slice(Close + 1, Eol).trim(" \t\r");
    if (!Tail.empty() && !Tail.starts_with("//"))
      break;
    Out.Names.push_back({unsigned(Q), unsigned(Close + 1)});
    P = Eol + 1;
    Out.Size = P;
  }
  // What the scan does not model ends it before it starts: a trigraph, a
  // backslash-newline (a // comment continued onto an include line).
  llvm::StringRef Prefix = Text.substr(0, Out.Size);
  if (Prefix.contains("??") || Prefix.contains("\\\n") ||
      Prefix.contains("\\\r\n"))
    return {};
  return Out;
}

std::string prefixCacheDirectory() {
  if (const char *Off = std::getenv("BAMBOO_CACHE");
      Off && Off == llvm::StringRef("0"))
    return "";
  if (const char *Dir = std::getenv("BAMBOO_CACHE_DIR"); Dir && *Dir)
    return Dir;
  llvm::SmallString<128> Path;
  if (const char *Xdg = std::getenv("XDG_CACHE_HOME"); Xdg && *Xdg)
    Path = Xdg;
  else if (const char *Home = std::getenv("HOME"); Home && *Home)
    llvm::sys::path::append(Path, Home, ".cache");
  else
    return "";
  llvm::sys::path::append(Path, "bamboo");
  return std::string(Path);
}

namespace {

/// Records every file the PCH build enters, and whether each is a system
/// header.
class HeaderRecorder : public PPCallbacks {
public:
  HeaderRecorder(const SourceManager &SM, std::vector<std::string> &Files,
                 bool &UserHeader)
      : SM(SM), Files(Files), UserHeader(UserHeader) {}

  void LexedFileChanged(FileID FID, LexedFileChangeReason Reason,
                        SrcMgr::CharacteristicKind Kind, FileID,
                        SourceLocation) override {
    if (Reason != LexedFileChangeReason::EnterFile || FID == SM.getMainFileID())
      return;
    OptionalFileEntryRef File = SM.getFileEntryRefForID(FID);
    if (!File)
      return; // <built-in>, <command line>
    if (!SrcMgr::isSystem(Kind))
      UserHeader = true;
    Files.push_back(std::string(File->getName()));
  }

private:
  const SourceManager &SM;
  std::vector<std::string> &Files;
  bool &UserHeader;
};

class RecordingPCHAction : public GeneratePCHAction {
public:
  std::vector<std::string> Files;
  bool UserHeader = false;

protected:
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getPreprocessor().addPPCallbacks(std::make_unique<HeaderRecorder>(
        CI.getSourceManager(), Files, UserHeader));
    return GeneratePCHAction::BeginSourceFileAction(CI);
  }
};

std::string fileStamp(llvm::StringRef Path) {
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status))
    return "";
  // Nanoseconds: a header rewritten within the second it was read, at the
  // same size, is still seen to change.
  return std::to_string(Status.getSize()) + " " +
         std::to_string(
             Status.getLastModificationTime().time_since_epoch().count());
}

/// Whether every header <key>.files lists is as it was.
bool isFresh(const std::string &Pch, const std::string &List) {
  if (!llvm::sys::fs::exists(Pch))
    return false;
  auto Buffer = llvm::MemoryBuffer::getFile(List);
  if (!Buffer)
    return false;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Line : Lines) {
    auto [Size, Rest] = Line.split(' ');
    auto [Time, Path] = Rest.split(' ');
    if (fileStamp(Path) != (Size + " " + Time).str())
      return false;
  }
  return !Lines.empty();
}

/// Keeps the cache under BAMBOO_CACHE_SIZE_MB (default 2048): the entries
/// built longest ago go first.
void evict(llvm::StringRef Dir) {
  uint64_t Limit = 2048;
  if (const char *Mb = std::getenv("BAMBOO_CACHE_SIZE_MB"))
    llvm::StringRef(Mb).getAsInteger(10, Limit);
  Limit <<= 20;
  struct Entry {
    std::string Pch;
    uint64_t Size;
    llvm::sys::TimePoint<> Used;
  };
  std::vector<Entry> Entries;
  uint64_t Total = 0;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; !EC && It != End;
       It.increment(EC)) {
    if (llvm::sys::path::extension(It->path()) != ".pch")
      continue;
    llvm::sys::fs::file_status Status;
    if (llvm::sys::fs::status(It->path(), Status))
      continue;
    Entries.push_back(
        {It->path(), Status.getSize(), Status.getLastModificationTime()});
    Total += Status.getSize();
  }
  llvm::sort(Entries,
             [](const Entry &A, const Entry &B) { return A.Used < B.Used; });
  for (const Entry &E : Entries) {
    if (Total <= Limit)
      break;
    llvm::sys::fs::remove(E.Pch);
    llvm::sys::fs::remove(llvm::StringRef(E.Pch).drop_back(4).str() + ".files");
    Total -= E.Size;
  }
}

/// Builds <key>.pch of \p Prefix with \p CI's options; false if it cannot be
/// made or reads a header of the user's.
bool build(CompilerInstance &CI, llvm::StringRef Dir, llvm::StringRef Key,
           llvm::StringRef Prefix) {
  if (llvm::sys::fs::create_directories(Dir))
    return false;
  std::string Base = (Dir + "/" + Key).str();
  std::string Unique =
      "." + std::to_string(llvm::sys::Process::getProcessId()) + ".tmp";
  auto Inv = std::make_shared<CompilerInvocation>(CI.getInvocation());
  FrontendOptions &FO = Inv->getFrontendOpts();
  InputKind Kind = FO.Inputs[0].getKind();
  // The prefix is a header of its own, in memory, in the cache directory:
  // angle includes do not look next to their includer.
  std::string Header = Base + ".h";
  FO.Inputs.clear();
  FO.Inputs.emplace_back(
      Header, InputKind(Kind.getLanguage(), InputKind::Source,
                        /*Preprocessed=*/false, InputKind::HeaderUnit_None,
                        /*IsHeader=*/true));
  FO.ProgramAction = frontend::GeneratePCH;
  FO.OutputFile = Base + ".pch" + Unique;
  // Only system headers are in it, whose bodies Bamboo never reads.
  FO.SkipFunctionBodies = true;
  Inv->getPreprocessorOpts().addRemappedFile(
      Header, llvm::MemoryBuffer::getMemBufferCopy(Prefix).release());
  Inv->getPreprocessorOpts().RetainRemappedFileBuffers = false;
  Inv->getDependencyOutputOpts() = DependencyOutputOptions();

  CompilerInstance Builder(CI.getPCHContainerOperations());
  Builder.setInvocation(Inv);
  Builder.createDiagnostics(new IgnoringDiagConsumer());
  RecordingPCHAction Action;
  bool Ok = Builder.ExecuteAction(Action) &&
            !Builder.getDiagnostics().hasErrorOccurred() && !Action.UserHeader;
  std::string List;
  for (const std::string &File : Action.Files) {
    std::string Stamp = fileStamp(File);
    Ok &= !Stamp.empty();
    List += Stamp + " " + File + "\n";
  }
  if (Ok) {
    std::error_code EC;
    llvm::raw_fd_ostream Out(Base + ".files" + Unique, EC);
    Out << List;
    Out.close();
    Ok = !EC && !Out.has_error() &&
         !llvm::sys::fs::rename(Base + ".pch" + Unique, Base + ".pch") &&
         !llvm::sys::fs::rename(Base + ".files" + Unique, Base + ".files");
  }
  llvm::sys::fs::remove(Base + ".pch" + Unique);
  llvm::sys::fs::remove(Base + ".files" + Unique);
  if (Ok)
    evict(Dir);
  return Ok;
}

} // namespace

SystemPrefix usePrefixCache(CompilerInstance &CI) {
  FrontendOptions &FO = CI.getFrontendOpts();
  PreprocessorOptions &PPO = CI.getPreprocessorOpts();
  if (FO.Inputs.size() != 1 || !FO.Inputs[0].isFile() ||
      !PPO.ImplicitPCHInclude.empty() || !PPO.Includes.empty() ||
      !PPO.MacroIncludes.empty() || PPO.PrecompiledPreambleBytes.first != 0 ||
      !PPO.RemappedFileBuffers.empty() || !PPO.RemappedFiles.empty() ||
      !CI.hasFileManager())
    return {};
  std::string Dir = prefixCacheDirectory();
  if (Dir.empty())
    return {};
  llvm::StringRef Main = FO.Inputs[0].getFile();
  auto Buffer = CI.getFileManager().getBufferForFile(Main);
  if (!Buffer)
    return {};
  llvm::StringRef Text = (*Buffer)->getBuffer();
  SystemPrefix Prefix = findSystemPrefix(Text);
  if (Prefix.Size == 0)
    return {};

  llvm::SHA1 Hash;
  auto Add = [&](llvm::StringRef S) {
    Hash.update(S);
    Hash.update(llvm::ArrayRef<uint8_t>{0});
  };
  // What the builder does (bodies skipped, system headers only); a change
  // to it changes this.
  Add("bamboo-prefix-cache-1");
  Add(BAMBOO_VERSION_STRING);
  Add(BAMBOO_LLVM_VERSION_STRING);
  llvm::SmallString<256> Cwd;
  if (!llvm::sys::fs::current_path(Cwd))
    Add(Cwd);
  Add(Text.substr(0, Prefix.Size));
  std::vector<std::string> Args = CI.getInvocation().getCC1CommandLine();
  for (size_t I = 0; I < Args.size(); ++I) {
    if (Args[I] == "-main-file-name") {
      ++I;
      continue;
    }
    if (Args[I] != Main)
      Add(Args[I]);
  }
  std::string Key = llvm::toHex(Hash.result(), /*LowerCase=*/true);
  std::string Pch = Dir + "/" + Key + ".pch";
  if (!isFresh(Pch, Dir + "/" + Key + ".files") &&
      !build(CI, Dir, Key, Text.substr(0, Prefix.Size)))
    return {};
  PPO.ImplicitPCHInclude = Pch;
  PPO.PrecompiledPreambleBytes = {Prefix.Size, /*AtStartOfLine=*/true};
  return Prefix;
}

} // namespace bamboo::tool
