//===- PrefixCache.cpp - The leading system includes, precompiled ---------===//
//
// An entry is <key>.pch, <key>.files (size, time and path of every header the
// PCH read) and <key>.names (every identifier its parse looked up, "#name"
// for every macro it defines, and its headers that a second include leaves
// as they were). The key hashes everything
// that could change what the headers mean: their includes, the cc1 command line
// but the file's name, the working directory, Bamboo's and LLVM's versions, and
// the way entries are built. Before each use the headers are checked against
// <key>.files (clang's own check is a fatal error, not a fallback), and the
// walk's guards and re-included headers against <key>.names. A PCH whose
// headers are not all system headers is never kept: a user's header must be
// parsed, rewritten and recorded as such.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Tool/PrefixCache.h"
#include "ToolConfig.inc"

#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
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

/// What a PCH build saw.
struct BuildRecord {
  /// Every file entered, once.
  std::vector<std::string> Files;
  bool UserHeader = false;
  /// Every identifier the parse looked up (an #ifdef's name included), and
  /// each header that its second include left as it was.
  std::vector<std::string> Names;
};

/// Records the files a PCH build enters, and checks each include of its
/// second pass: a header the parse will include again, where a user header
/// includes it, must add no token and change no macro when included again.
class HeaderRecorder : public PPCallbacks {
public:
  HeaderRecorder(Preprocessor &PP, unsigned FirstPass, BuildRecord &Out)
      : PP(PP), SM(PP.getSourceManager()), FirstPass(FirstPass), Out(Out) {
    PP.setTokenWatcher([this](const Token &T) {
      if (!T.is(tok::eof))
        ++Tokens;
    });
  }

  void LexedFileChanged(FileID FID, LexedFileChangeReason Reason,
                        SrcMgr::CharacteristicKind Kind, FileID,
                        SourceLocation) override {
    if (Reason != LexedFileChangeReason::EnterFile || FID == SM.getMainFileID())
      return;
    OptionalFileEntryRef File = SM.getFileEntryRefForID(FID);
    if (!File)
      return; // <built-in>, <command line>
    if (!SrcMgr::isSystem(Kind))
      Out.UserHeader = true;
    if (Entered.insert(File->getName()).second)
      Out.Files.push_back(std::string(File->getName()));
  }

  void InclusionDirective(SourceLocation HashLoc, const Token &,
                          StringRef FileName, bool IsAngled, CharSourceRange,
                          OptionalFileEntryRef, StringRef, StringRef,
                          const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (!SM.isWrittenInMainFile(HashLoc))
      return;
    endSecondInclude();
    if (Directives++ >= FirstPass && IsAngled)
      Again = {"<" + FileName.str() + ">", Tokens, macros()};
  }

  void EndOfMainFile() override { endSecondInclude(); }

private:
  using MacroTable =
      std::vector<std::pair<const IdentifierInfo *, const MacroInfo *>>;

  MacroTable macros() const {
    MacroTable Table;
    for (const auto &Macro : PP.macros(/*IncludeExternalMacros=*/false))
      if (const MacroInfo *Info = PP.getMacroInfo(Macro.first))
        Table.push_back({Macro.first, Info});
    llvm::sort(Table);
    return Table;
  }

  void endSecondInclude() {
    if (!Again)
      return;
    MacroTable Now = macros();
    auto Same = [&](const auto &A, const auto &B) {
      return A.first == B.first &&
             (A.second == B.second ||
              A.second->isIdenticalTo(*B.second, PP, /*Syntactically=*/true));
    };
    if (Tokens == Again->Tokens &&
        std::equal(Now.begin(), Now.end(), Again->Macros.begin(),
                   Again->Macros.end(), Same))
      Out.Names.push_back(Again->Header);
    Again.reset();
  }

  struct SecondInclude {
    std::string Header;
    size_t Tokens;
    MacroTable Macros;
  };
  Preprocessor &PP;
  const SourceManager &SM;
  unsigned FirstPass;
  BuildRecord &Out;
  llvm::StringSet<> Entered;
  unsigned Directives = 0;
  size_t Tokens = 0;
  std::optional<SecondInclude> Again;
};

class RecordingPCHAction : public GeneratePCHAction {
public:
  explicit RecordingPCHAction(unsigned FirstPass) : FirstPass(FirstPass) {}
  BuildRecord Record;

protected:
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getPreprocessor().addPPCallbacks(std::make_unique<HeaderRecorder>(
        CI.getPreprocessor(), FirstPass, Record));
    return GeneratePCHAction::BeginSourceFileAction(CI);
  }

  void EndSourceFileAction() override {
    Preprocessor &PP = getCompilerInstance().getPreprocessor();
    for (const auto &Entry : PP.getIdentifierTable())
      Record.Names.push_back(Entry.getKey().str());
    for (const auto &Macro : PP.macros(/*IncludeExternalMacros=*/false))
      if (PP.getMacroInfo(Macro.first))
        Record.Names.push_back("#" + Macro.first->getName().str());
    llvm::sort(Record.Names);
    GeneratePCHAction::EndSourceFileAction();
  }

private:
  unsigned FirstPass;
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
    llvm::StringRef Base = llvm::StringRef(E.Pch).drop_back(4);
    for (const char *Extension : {".pch", ".files", ".names"})
      llvm::sys::fs::remove(Base + Extension);
    Total -= E.Size;
  }
}

/// Writes \p Text to \p Path; false on failure.
bool writeFile(const std::string &Path, llvm::StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC);
  Out << Text;
  Out.close();
  return !EC && !Out.has_error();
}

/// Builds the entry \p Key of \p Prefix with \p CI's options; false if it
/// cannot be made or reads a header of the user's. The includes of \p Prefix
/// after the first \p FirstPass are its second pass.
bool build(CompilerInstance &CI, llvm::StringRef Dir, llvm::StringRef Key,
           llvm::StringRef Prefix, unsigned FirstPass) {
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
  RecordingPCHAction Action(FirstPass);
  bool Ok = Builder.ExecuteAction(Action) &&
            !Builder.getDiagnostics().hasErrorOccurred() &&
            !Action.Record.UserHeader;
  std::string List;
  for (const std::string &File : Action.Record.Files) {
    std::string Stamp = fileStamp(File);
    Ok &= !Stamp.empty();
    List += Stamp + " " + File + "\n";
  }
  const char *Parts[] = {".pch", ".files", ".names"};
  if (Ok)
    Ok = writeFile(Base + ".files" + Unique, List) &&
         writeFile(Base + ".names" + Unique,
                   "\n" + llvm::join(Action.Record.Names, "\n") + "\n");
  // The .pch last: its presence says the entry is whole.
  for (int I = 2; Ok && I >= 0; --I)
    Ok = !llvm::sys::fs::rename(Base + Parts[I] + Unique, Base + Parts[I]);
  for (const char *Part : Parts)
    llvm::sys::fs::remove(Base + Part + Unique);
  if (Ok)
    evict(Dir);
  return Ok;
}

/// Finds headers as the parse will, with \p CI's search paths.
class HeaderFinder {
public:
  explicit HeaderFinder(CompilerInstance &CI)
      : Files(CI.getFileManager()),
        Diags(new DiagnosticIDs(), new DiagnosticOptions(),
              new IgnoringDiagConsumer()),
        Sources(Diags, Files),
        Search(CI.getHeaderSearchOptsPtr(), Sources, Diags, CI.getLangOpts(),
               /*Target=*/nullptr) {
    ApplyHeaderSearchOptions(Search, CI.getHeaderSearchOpts(), CI.getLangOpts(),
                             llvm::Triple(CI.getTargetOpts().Triple));
  }

  std::optional<FoundHeader> operator()(llvm::StringRef Name, bool Angled,
                                        llvm::StringRef Includer) {
    OptionalFileEntryRef From = Files.getOptionalFileRef(Includer);
    if (!From)
      return std::nullopt;
    Search.getFileInfo(*From); // a quoted lookup reads its includer's
    std::pair<OptionalFileEntryRef, DirectoryEntryRef> Includers[] = {
        {*From, From->getDir()}};
    ConstSearchDirIterator CurDir = nullptr;
    OptionalFileEntryRef File = Search.LookupFile(
        Name, SourceLocation(), Angled, /*FromDir=*/nullptr, &CurDir, Includers,
        nullptr, nullptr, nullptr, nullptr, nullptr, nullptr);
    if (!File)
      return std::nullopt;
    std::optional<llvm::MemoryBufferRef> Text =
        Sources.getMemoryBufferForFileOrNone(*File);
    if (!Text)
      return std::nullopt;
    return FoundHeader{std::string(File->getName()), Text->getBuffer(),
                       SrcMgr::isSystem(Search.getFileDirFlavor(*File))};
  }

private:
  FileManager &Files;
  DiagnosticsEngine Diags;
  SourceManager Sources;
  HeaderSearch Search;
};

/// Why the entry's <key>.names does not admit \p Leading (empty if it
/// does): its headers must name no guard and no identifier of the code
/// before them (a keyword there: define none as a macro), and a second
/// include of each header a user header includes must leave everything as
/// it was.
std::string refusal(const std::string &NamesFile,
                    const LeadingIncludes &Leading,
                    const LangOptions &LangOpts) {
  auto Buffer = llvm::MemoryBuffer::getFile(NamesFile);
  if (!Buffer)
    return "its entry has no names";
  // Sorted when written: a lookup is a binary search.
  llvm::SmallVector<llvm::StringRef, 0> Names;
  (*Buffer)->getBuffer().split(Names, '\n', -1, /*KeepEmpty=*/false);
  auto Has = [&](llvm::StringRef Name) {
    return std::binary_search(Names.begin(), Names.end(), Name);
  };
  for (const std::string &Guard : Leading.Guards)
    if (Has(Guard))
      return "the headers name the include guard " + Guard;
  IdentifierTable Keywords(LangOpts);
  for (const std::string &Name : Leading.CodeNames) {
    if (!Keywords.get(Name).isKeyword(LangOpts)) {
      if (Has(Name))
        return "the headers name '" + Name + "', which code before them uses";
    } else if (Has("#" + Name)) {
      return "the headers define '" + Name +
             "', which code before them uses, as a macro";
    }
  }
  for (const std::string &Name : Leading.ParameterNames)
    if (Has("#" + Name))
      return "the headers define '" + Name +
             "', a parameter's name in code before them, as a macro";
  for (const std::string &Header :
       llvm::ArrayRef(Leading.Headers).drop_front(Leading.FromMain))
    if (!Has(Header))
      return Header + " changes when included again";
  return "";
}

/// What usePrefixCache did, for BAMBOO_CACHE_REPORT.
struct Outcome {
  LeadingIncludes Leading;
  bool Used = false;
  std::string What;
};

Outcome loadPrefix(CompilerInstance &CI) {
  FrontendOptions &FO = CI.getFrontendOpts();
  PreprocessorOptions &PPO = CI.getPreprocessorOpts();
  if (FO.Inputs.size() != 1 || !FO.Inputs[0].isFile() ||
      !PPO.ImplicitPCHInclude.empty() || !PPO.Includes.empty() ||
      !PPO.MacroIncludes.empty() || PPO.PrecompiledPreambleBytes.first != 0 ||
      !PPO.RemappedFileBuffers.empty() || !PPO.RemappedFiles.empty() ||
      !CI.hasFileManager())
    return {{}, false, "not used: -include, a PCH or a file in memory"};
  std::string Dir = prefixCacheDirectory();
  if (Dir.empty())
    return {{}, false, "not used: the cache is off"};
  llvm::StringRef Main = FO.Inputs[0].getFile();
  auto Buffer = CI.getFileManager().getBufferForFile(Main);
  if (!Buffer)
    return {{}, false, "not used: the file cannot be read"};
  HeaderFinder Finder(CI);
  Outcome Out;
  Out.Leading = findLeadingIncludes(Main, (*Buffer)->getBuffer(),
                                    CI.getLangOpts(), std::ref(Finder));
  if (Out.Leading.Headers.empty()) {
    Out.What = "not used: no system include comes first";
    return Out;
  }
  std::string Prefix;
  for (const std::string &Header : Out.Leading.Headers)
    Prefix += "#include " + Header + "\n";
  // The parse includes these again where user headers include them; the
  // build checks that a second include leaves everything as it was.
  for (const std::string &Header :
       llvm::ArrayRef(Out.Leading.Headers).drop_front(Out.Leading.FromMain))
    Prefix += "#include " + Header + "\n";

  llvm::SHA1 Hash;
  auto Add = [&](llvm::StringRef S) {
    Hash.update(S);
    Hash.update(llvm::ArrayRef<uint8_t>{0});
  };
  // What the builder does (bodies skipped, system headers only, names and
  // macros recorded); a change to it changes this.
  Add("bamboo-prefix-cache-3");
  Add(BAMBOO_VERSION_STRING);
  Add(BAMBOO_LLVM_VERSION_STRING);
  llvm::SmallString<256> Cwd;
  if (!llvm::sys::fs::current_path(Cwd))
    Add(Cwd);
  Add(Prefix);
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
  std::string Base = Dir + "/" + Key;
  Out.What = "reused";
  if (!isFresh(Base + ".pch", Base + ".files")) {
    if (!build(CI, Dir, Key, Prefix, Out.Leading.Headers.size())) {
      Out.What = "not used: the headers could not be precompiled (an error, "
                 "or a header of the user's among them)";
      return Out;
    }
    Out.What = "built";
  }
  if (std::string Why = refusal(Base + ".names", Out.Leading, CI.getLangOpts());
      !Why.empty()) {
    Out.What = "not used: " + Why;
    return Out;
  }
  PPO.ImplicitPCHInclude = Base + ".pch";
  if (Out.Leading.SkippedBytes)
    PPO.PrecompiledPreambleBytes = {Out.Leading.SkippedBytes,
                                    /*AtStartOfLine=*/true};
  Out.Used = true;
  return Out;
}

} // namespace

LeadingIncludes usePrefixCache(CompilerInstance &CI) {
  Outcome Out = loadPrefix(CI);
  if (const char *Report = std::getenv("BAMBOO_CACHE_REPORT");
      Report && llvm::StringRef(Report) == "1") {
    llvm::errs() << "bamboo: prefix cache: "
                 << (CI.getFrontendOpts().Inputs.empty()
                         ? llvm::StringRef("?")
                         : CI.getFrontendOpts().Inputs[0].getFile())
                 << ": " << Out.What;
    if (!Out.Leading.Headers.empty())
      llvm::errs() << ": " << llvm::join(Out.Leading.Headers, " ") << " ("
                   << Out.Leading.FromMain << " from the file's own lines)";
    llvm::errs() << "\n";
  }
  return Out.Used ? std::move(Out.Leading) : LeadingIncludes();
}

} // namespace bamboo::tool
