//===- ToolSetup.cpp - What every Bamboo executable shares ----------------===//
//
// Resource directory and MPI include path adjusters, and the FrontendAction
// that runs the front end.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Tool/ToolSetup.h"
#include "ToolConfig.inc"
#include "bamboo/Frontend/Analysis.h"
#include "bamboo/Frontend/Diagnostics.h"
#include "bamboo/Frontend/Explain.h"
#include "bamboo/Frontend/Inclusions.h"
#include "bamboo/Frontend/PragmaTable.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace clang::tooling;

namespace bamboo::tool {

std::string versionString() {
  return "bamboo " BAMBOO_VERSION_STRING " (LLVM " BAMBOO_LLVM_VERSION_STRING
         ")";
}

std::string currentExecutable(const char *Argv0) {
  // The address only matters on platforms without /proc/self/exe.
  static int Anchor;
  return llvm::sys::fs::getMainExecutable(Argv0, &Anchor);
}

namespace {

bool hasBuiltinHeaders(llvm::StringRef Dir) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, "include", "stddef.h");
  return llvm::sys::fs::exists(Path);
}

} // namespace

llvm::Expected<std::string> findResourceDir(llvm::StringRef Executable) {
  if (!Executable.empty()) {
    llvm::SmallString<256> Dir(llvm::sys::path::parent_path(Executable));
    llvm::sys::path::append(Dir, "..", "lib", "clang",
                            BAMBOO_CLANG_MAJOR_STRING);
    llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    if (hasBuiltinHeaders(Dir))
      return std::string(Dir);
  }
  if (hasBuiltinHeaders(BAMBOO_DEFAULT_RESOURCE_DIR))
    return std::string(BAMBOO_DEFAULT_RESOURCE_DIR);
  std::string Message =
      ("cannot find Clang's builtin headers (stddef.h) next to '" + Executable +
       "' or in '" BAMBOO_DEFAULT_RESOURCE_DIR
       "'; pass --extra-arg=-resource-dir=<dir>")
          .str();
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s",
                                 Message.c_str());
}

std::vector<std::string> mpiIncludeDirs() { return {BAMBOO_MPI_INCLUDE_DIRS}; }

ArgumentsAdjuster getResourceDirAdjuster(std::string Dir) {
  return [Dir](const CommandLineArguments &Args, llvm::StringRef) {
    for (const std::string &Arg : Args)
      if (llvm::StringRef(Arg).starts_with("-resource-dir"))
        return Args;
    CommandLineArguments Out = Args;
    Out.insert(Out.begin() + (Out.empty() ? 0 : 1), "-resource-dir=" + Dir);
    return Out;
  };
}

ArgumentsAdjuster getMPIAdjuster() {
  std::vector<std::string> Extra;
  for (const std::string &Dir : mpiIncludeDirs()) {
    Extra.push_back("-isystem");
    Extra.push_back(Dir);
  }
  return getInsertArgumentAdjuster(Extra, ArgumentInsertPosition::END);
}

std::string translationStandard(llvm::StringRef StdFlag) {
  llvm::StringRef Std = StdFlag;
  Std.consume_front("-std=");
  bool GNU = Std.starts_with("gnu");
  llvm::StringRef Year =
      Std.drop_until([](char C) { return llvm::isDigit(C); });
  if (!Std.contains("++")) // a C standard, which g++ ignores for C++
    return "-std=gnu++17";
  for (llvm::StringRef Old : {"98", "03", "0x", "11", "1y", "14"})
    if (Year == Old)
      return GNU ? "-std=gnu++17" : "-std=c++17";
  return ("-std=" + Std).str();
}

bool readAsC(const std::vector<std::string> &Args, llvm::StringRef File) {
  std::optional<bool> Language; // the last -x before the file decides
  for (size_t I = 0; I + 1 < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    if (Arg == File)
      break;
    llvm::StringRef Lang;
    if (Arg == "-x")
      Lang = Args[I + 1];
    else if (Arg.starts_with("-x"))
      Lang = Arg.drop_front(2);
    else
      continue;
    if (Lang == "none")
      Language.reset();
    else
      Language = Lang == "c";
  }
  if (Language)
    return *Language;
  return llvm::sys::path::extension(File) == ".c";
}

ArgumentsAdjuster getStandardAdjuster() {
  return [](const CommandLineArguments &Args, llvm::StringRef File) {
    // A file read as C keeps a C standard (clang's default otherwise); one
    // read as C++ is read in the standard it will be compiled in: the
    // user's, C++17 at least, or without one the compilers' common default
    // (gnu++17 for Clang 19 and GCC 11 to 14).
    bool C = readAsC(Args, File);
    CommandLineArguments Out;
    for (const std::string &Arg : Args) {
      llvm::StringRef A = Arg;
      if (!A.starts_with("-std=")) {
        Out.push_back(Arg);
        continue;
      }
      bool CxxFlag = A.contains("++");
      if (C != CxxFlag)
        Out.push_back(C ? Arg : translationStandard(A));
    }
    // Old C that GCC warns about and Clang (since 16) refuses: the compiler
    // that builds the translation judges it, as it judges the original. First,
    // so that the user's own -Werror=<name> still wins.
    if (C)
      Out.insert(Out.begin() + (Out.empty() ? 0 : 1),
                 {"-Wno-error=implicit-function-declaration",
                  "-Wno-error=implicit-int", "-Wno-error=int-conversion",
                  "-Wno-error=incompatible-pointer-types",
                  "-Wno-error=incompatible-function-pointer-types"});
    return Out;
  };
}

ArgumentsAdjuster getBambooAdjuster(std::string ResourceDir) {
  return combineAdjusters(
      combineAdjusters(getResourceDirAdjuster(std::move(ResourceDir)),
                       getStandardAdjuster()),
      getMPIAdjuster());
}

std::vector<std::string> bambooCompilerFlags(const std::string &ResourceDir) {
  CommandLineArguments Args = {"clang-tool"};
  Args = getBambooAdjuster(ResourceDir)(Args, "");
  return std::vector<std::string>(Args.begin() + 1, Args.end());
}

//===----------------------------------------------------------------------===//
// The action
//===----------------------------------------------------------------------===//

struct BambooAction::State {
  PragmaTable Pragmas;
  Inclusions Includes;
  std::unique_ptr<DiagTable> Diags;
  std::unique_ptr<BambooPragmaHandler> Handler;
  Preprocessor *PP = nullptr;
};

namespace {

class AnalysisConsumer : public ASTConsumer {
public:
  AnalysisConsumer(PragmaTable &Pragmas, const Inclusions &Includes,
                   DiagTable &Diags, const ToolOptions &Options,
                   const AnalysisCallback &Callback)
      : Pragmas(Pragmas), Includes(Includes), Diags(Diags), Options(Options),
        Callback(Callback) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // After clang's own errors the AST may be incomplete: report those
    // alone. Bamboo's pragma errors (reported while parsing) do not count.
    DiagnosticConsumer *Client = Ctx.getDiagnostics().getClient();
    if (Client && Client->getNumErrors() > Diags.errorCount())
      return;
    if (Ctx.getDiagnostics().hasFatalErrorOccurred())
      return;
    Ctx.setTraversalScope(UserDecls);
    AnalysisInputs Inputs;
    Inputs.Includes = &Includes;
    std::unique_ptr<TranslationUnitModel> TU =
        analyzeTranslationUnit(Ctx, Pragmas, Diags, Inputs);
    if (Options.Explain)
      explain(*TU, Options.ExplainOut ? *Options.ExplainOut : llvm::outs());
    if (Callback)
      Callback(*TU);
  }

  /// The analysis and code generation traverse the top-level declarations
  /// of the user's files; what system headers declare is looked up, not
  /// walked (nor, from a precompiled prefix, deserialized).
  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    for (Decl *D : Group) {
      // Sema hands instantiated function definitions over as well; they are
      // traversed under their templates.
      if (const auto *FD = dyn_cast<FunctionDecl>(D);
          FD && FD->isTemplateInstantiation())
        continue;
      if (!D->getLexicalDeclContext()->isTranslationUnit())
        continue;
      const SourceManager &SM = D->getASTContext().getSourceManager();
      SourceLocation Loc = SM.getExpansionLoc(D->getLocation());
      if (Loc.isValid() && !SM.isInSystemHeader(Loc))
        UserDecls.push_back(D);
    }
    return true;
  }

  /// Half of a parse is the bodies of the library's inline functions and
  /// templates, which nothing Bamboo does reads: the compiler that compiles
  /// the translation instantiates them. Clang keeps the bodies it needs
  /// (constexpr functions, deduced return types).
  bool shouldSkipFunctionBody(Decl *D) override {
    const SourceManager &SM = D->getASTContext().getSourceManager();
    return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
  }

private:
  std::vector<Decl *> UserDecls;
  PragmaTable &Pragmas;
  const Inclusions &Includes;
  DiagTable &Diags;
  const ToolOptions &Options;
  const AnalysisCallback &Callback;
};

class BambooActionFactory : public FrontendActionFactory {
public:
  BambooActionFactory(ToolOptions Options, AnalysisCallback Callback)
      : Options(Options), Callback(std::move(Callback)) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<BambooAction>(Options, Callback);
  }

private:
  ToolOptions Options;
  AnalysisCallback Callback;
};

} // namespace

BambooAction::BambooAction(ToolOptions Options, AnalysisCallback Callback)
    : Options(Options), Callback(std::move(Callback)) {}

BambooAction::~BambooAction() = default;

std::unique_ptr<ASTConsumer>
BambooAction::CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) {
  S = std::make_unique<State>();
  S->Diags = std::make_unique<DiagTable>(CI.getDiagnostics());
  S->Handler = std::make_unique<BambooPragmaHandler>(S->Pragmas, *S->Diags);
  S->PP = &CI.getPreprocessor();
  // Asks the consumer which bodies to skip (shouldSkipFunctionBody).
  CI.getFrontendOpts().SkipFunctionBodies = true;
  // The preprocessor borrows the handler until EndSourceFileAction.
  S->PP->AddPragmaHandler(S->Handler.get());
  S->PP->addPPCallbacks(S->Includes.recorder(CI.getSourceManager()));
  // The precompiled prefix's directives are not lexed: record them.
  const SourceManager &SM = CI.getSourceManager();
  SourceLocation Start = SM.getLocForStartOfFile(SM.getMainFileID());
  for (auto [Begin, End] : Prefix.SkippedNames)
    S->Includes.addPrecompiled(
        SM.getMainFileID(),
        CharSourceRange::getCharRange(Start.getLocWithOffset(Begin),
                                      Start.getLocWithOffset(End)));
  return std::make_unique<AnalysisConsumer>(S->Pragmas, S->Includes, *S->Diags,
                                            Options, Callback);
}

bool BambooAction::BeginInvocation(CompilerInstance &CI) {
  Prefix = usePrefixCache(CI);
  return true;
}

void BambooAction::EndSourceFileAction() {
  if (S && S->PP && S->Handler)
    S->PP->RemovePragmaHandler(S->Handler.get());
  if (S)
    S->PP = nullptr;
}

std::unique_ptr<FrontendActionFactory>
newBambooActionFactory(ToolOptions Options, AnalysisCallback Callback) {
  return std::make_unique<BambooActionFactory>(Options, std::move(Callback));
}

bool analyzeCode(llvm::StringRef Code, const std::vector<std::string> &Flags,
                 AnalysisCallback Callback, DiagnosticConsumer *Diags,
                 llvm::StringRef FileName) {
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Overlay->pushOverlay(Memory);
  auto Files =
      llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), Overlay);
  Memory->addFile(FileName, 0, llvm::MemoryBuffer::getMemBufferCopy(Code));

  std::string ResourceDir =
      llvm::cantFail(findResourceDir(currentExecutable(nullptr)));
  CommandLineArguments Args = {"bamboo", "-fsyntax-only"};
  llvm::append_range(Args, Flags);
  Args.push_back(std::string(FileName));
  Args = getBambooAdjuster(ResourceDir)(Args, FileName);

  ToolInvocation Invocation(
      Args, std::make_unique<BambooAction>(ToolOptions(), std::move(Callback)),
      Files.get());
  if (Diags)
    Invocation.setDiagnosticConsumer(Diags);
  return Invocation.run();
}

} // namespace bamboo::tool
