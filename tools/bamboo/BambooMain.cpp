//===- BambooMain.cpp - The bamboo translator -----------------------------===//
//
// USAGE: bamboo [options] <file>... [-- <compiler flags>]
//        bamboo -p <build dir> <file>...
//
// A clang tool: translates annotated MPI C and C++ for the Bamboo runtime
// (docs/codegen.md, docs/c.md), or with --explain prints what the front end
// found. Each file is translated on its own, as it compiles on its own
// (docs/multifile.md). One input goes to -o or standard output; with
// --output-dir every translated file, user headers included, goes to a
// mirrored tree (lib/Driver/TranslationOutput.cpp). bamboo-cxx translates
// in its own process through the same library.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Driver/ProgramTranslation.h"
#include "bamboo/Driver/TranslationOutput.h"
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
                     "functions that may wait; translate nothing"),
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
static cl::opt<std::string>
    Root("root",
         cl::desc("The root of the mirrored output tree (default: the deepest "
                  "directory that holds every file written)"),
         cl::value_desc("dir"), cl::cat(BambooCategory));
static cl::opt<std::string>
    DepFile("depfile",
            cl::desc("Write the user files the translation read, as a "
                     "Makefile rule for the first output"),
            cl::value_desc("file"), cl::cat(BambooCategory));
static cl::list<std::string> DepTargets(
    "depfile-target",
    cl::desc("The depfile rule's target, in Makefile syntax, as -MT gives it "
             "(default: the first output)"),
    cl::value_desc("target"), cl::cat(BambooCategory));
static cl::opt<bool> DepPhony(
    "depfile-phony",
    cl::desc("Add a phony target for each prerequisite of the depfile rule "
             "but the first, as -MP does"),
    cl::cat(BambooCategory));
static cl::opt<bool> LineDirectives(
    "line-directives",
    cl::desc("Emit #line so that compiler messages and debuggers name the "
             "original file"),
    cl::cat(BambooCategory));
static cl::opt<bool> NoReorder(
    "no-reorder",
    cl::desc("Emit every statement in its written order: start no transfer "
             "earlier and complete none later than written"),
    cl::cat(BambooCategory));
static cl::opt<bool> PrintResourceDir(
    "print-resource-dir",
    cl::desc("Print the Clang resource directory bamboo uses, then exit"),
    cl::cat(BambooCategory));
static cl::extrahelp
    CommonHelp(clang::tooling::CommonOptionsParser::HelpMessage);

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
  bamboo::driver::ProgramOptions Opts;
  Opts.Explain = Explain;
  Opts.ResourceDir = ResourceDir;
  Opts.Translate.LineDirectives = LineDirectives;
  Opts.Translate.Reorder = !NoReorder;
  Opts.Translate.Mirror = !OutputDir.empty();
  if (!Root.empty()) {
    SmallString<256> Dir(Root);
    sys::fs::make_absolute(Dir);
    sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    Opts.Translate.Root = std::string(Dir);
  }
  std::vector<std::string> Sources(Inputs.begin(), Inputs.end());
  bamboo::driver::ProgramTranslation Program = bamboo::driver::translateProgram(
      Options.getCompilations(), Sources, Opts);
  if (!Program.Ok) {
    // Clang has named the file; with several, say that none was written.
    if (!Explain && Sources.size() > 1)
      WithColor::error(errs(), "bamboo")
          << "cannot translate '" << Program.Failed << "'; none of the "
          << Sources.size() << " files was written\n";
    return 1;
  }
  if (Explain)
    return 0;

  bamboo::driver::OutputOptions Out;
  Out.File = Output;
  Out.Dir = OutputDir;
  Out.DepFile = DepFile;
  Out.DepTargets.assign(DepTargets.begin(), DepTargets.end());
  Out.DepPhony = DepPhony;
  if (Error E = bamboo::driver::writeTranslation(Program, Out)) {
    WithColor::error(errs(), "bamboo") << toString(std::move(E)) << "\n";
    return 1;
  }
  return 0;
}
