//===- BambooMain.cpp - The bamboo translator -----------------------------===//
//
// USAGE: bamboo [options] <file>... [-- <compiler flags>]
//        bamboo -p <build dir> <file>...
//
// A clang tool: translates annotated MPI C++ into C++20 for the Bamboo
// runtime (docs/codegen.md), or with --explain prints what the front end
// found. One input goes to -o or standard output; several go to
// --output-dir, each under its own file name.
//
//===----------------------------------------------------------------------===//

#include "bamboo/CodeGen/Translate.h"
#include "bamboo/Frontend/Analysis.h"
#include "bamboo/Frontend/Diagnostics.h"
#include "bamboo/Tool/ToolSetup.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::OptionCategory BambooCategory("bamboo options");
static cl::opt<bool>
    Explain("explain",
            cl::desc("Print each olap region's sends and firing rule, and the "
                     "functions that become tasks; translate nothing"),
            cl::cat(BambooCategory));
static cl::opt<std::string> Output("o",
                                   cl::desc("Write the translation of the "
                                            "one input here (default: "
                                            "standard output)"),
                                   cl::value_desc("file"),
                                   cl::cat(BambooCategory));
static cl::opt<std::string> OutputDir(
    "output-dir",
    cl::desc("Write the translation of each input to <dir>/<its file name>"),
    cl::value_desc("dir"), cl::cat(BambooCategory));
static cl::opt<bool> LineDirectives(
    "line-directives",
    cl::desc("Emit #line so that compiler messages and debuggers name the "
             "original file"),
    cl::cat(BambooCategory));
static cl::opt<bool> PrintResourceDir(
    "print-resource-dir",
    cl::desc("Print the Clang resource directory bamboo uses, then exit"),
    cl::cat(BambooCategory));
static cl::extrahelp
    CommonHelp(clang::tooling::CommonOptionsParser::HelpMessage);

namespace {

/// Where the translation of \p Input goes: a path, or "-" for stdout.
std::string outputPathFor(StringRef Input) {
  if (!Output.empty())
    return Output;
  if (!OutputDir.empty()) {
    SmallString<256> Path(OutputDir);
    sys::path::append(Path, sys::path::filename(Input));
    return std::string(Path);
  }
  return "-";
}

bool writeFile(StringRef Path, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream Out(Path, EC, sys::fs::OF_TextWithCRLF);
  if (EC) {
    WithColor::error(errs(), "bamboo")
        << "cannot write '" << Path << "': " << EC.message() << "\n";
    return false;
  }
  Out << Text;
  return true;
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  ExitOnError ExitOnErr("bamboo: ");
  cl::SetVersionPrinter(
      [](raw_ostream &OS) { OS << bamboo::tool::versionString() << "\n"; });
  auto Options = ExitOnErr(clang::tooling::CommonOptionsParser::create(
      argc, argv, BambooCategory, cl::ZeroOrMore,
      "bamboo: overlaps MPI communication with computation\n"));

  std::string ResourceDir = ExitOnErr(
      bamboo::tool::findResourceDir(bamboo::tool::currentExecutable(argv[0])));
  if (PrintResourceDir) {
    outs() << ResourceDir << "\n";
    return 0;
  }
  const auto &Inputs = Options.getSourcePathList();
  if (Inputs.empty()) {
    WithColor::error(errs(), "bamboo") << "no input files\n";
    return 1;
  }
  if (!Output.empty() && !OutputDir.empty()) {
    WithColor::error(errs(), "bamboo") << "give -o or --output-dir, not both\n";
    return 1;
  }
  if (!Explain && Inputs.size() > 1 && OutputDir.empty()) {
    WithColor::error(errs(), "bamboo")
        << "several inputs need --output-dir (-o names one output)\n";
    return 1;
  }
  if (!OutputDir.empty())
    if (std::error_code EC = sys::fs::create_directories(OutputDir)) {
      WithColor::error(errs(), "bamboo")
          << "cannot create '" << OutputDir << "': " << EC.message() << "\n";
      return 1;
    }

  bool WriteFailed = false;
  bamboo::tool::AnalysisCallback Translate;
  if (!Explain)
    Translate = [&](bamboo::TranslationUnitModel &Model) {
      bamboo::DiagTable Diags(Model.context().getDiagnostics());
      bamboo::TranslateOptions TranslateOpts;
      TranslateOpts.LineDirectives = LineDirectives;
      std::optional<std::string> Text =
          bamboo::translateMainFile(Model, Diags, TranslateOpts);
      if (!Text)
        return; // the errors are reported; the tool exits non-zero
      const auto &SM = Model.context().getSourceManager();
      StringRef Input = SM.getFileEntryRefForID(SM.getMainFileID())->getName();
      std::string Path = outputPathFor(Input);
      if (Path == "-")
        outs() << *Text;
      else if (!writeFile(Path, *Text))
        WriteFailed = true;
    };

  clang::tooling::ClangTool Tool(Options.getCompilations(), Inputs);
  Tool.appendArgumentsAdjuster(bamboo::tool::getBambooAdjuster(ResourceDir));
  bamboo::tool::ToolOptions ToolOpts;
  ToolOpts.Explain = Explain;
  int Status =
      Tool.run(bamboo::tool::newBambooActionFactory(ToolOpts, Translate).get());
  return Status != 0 || WriteFailed ? 1 : 0;
}
