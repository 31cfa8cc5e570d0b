//===- BambooMain.cpp - The bamboo translator -----------------------------===//
//
// USAGE: bamboo [--explain] <file>... [-- <compiler flags>]
//        bamboo -p <build dir> <file>...
//
// A clang tool: parses annotated MPI C++ and reports what the front end finds
// (code generation comes in a later version; -o is accepted already).
//
//===----------------------------------------------------------------------===//

#include "bamboo/Tool/ToolSetup.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

static cl::OptionCategory BambooCategory("bamboo options");
static cl::opt<bool>
    Explain("explain",
            cl::desc("Print each olap region's sends and firing rule, and the "
                     "functions that become tasks"),
            cl::cat(BambooCategory));
static cl::opt<std::string>
    Output("o",
           cl::desc("Output file (accepted; code generation is not "
                    "implemented yet)"),
           cl::value_desc("file"), cl::cat(BambooCategory));
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
  if (Options.getSourcePathList().empty()) {
    WithColor::error(errs(), "bamboo") << "no input files\n";
    return 1;
  }
  if (!Output.empty())
    WithColor::warning(errs(), "bamboo")
        << "code generation is not implemented yet; '-o " << Output
        << "' is ignored\n";

  clang::tooling::ClangTool Tool(Options.getCompilations(),
                                 Options.getSourcePathList());
  Tool.appendArgumentsAdjuster(bamboo::tool::getBambooAdjuster(ResourceDir));
  bamboo::tool::ToolOptions ToolOpts;
  ToolOpts.Explain = Explain;
  return Tool.run(bamboo::tool::newBambooActionFactory(ToolOpts).get());
}
