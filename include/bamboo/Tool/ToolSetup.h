//===- ToolSetup.h - What every Bamboo executable shares -------*- C++ -*-===//
//
// The clang tool set-up: where Clang's builtin headers and <mpi.h> are (so
// `bamboo file.cpp --` works from the build tree and from an installed
// prefix, with no flags), and the FrontendAction that installs the pragma
// handler and runs the front end's analysis.
//
//===----------------------------------------------------------------------===//

#ifndef BAMBOO_TOOL_TOOLSETUP_H
#define BAMBOO_TOOL_TOOLSETUP_H

#include "bamboo/Tool/PrefixCache.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Error.h"
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace bamboo {
class CallGraph;
class TranslationUnitModel;
} // namespace bamboo

namespace bamboo::tool {

/// "bamboo 0.1.0 (LLVM 19.1.7)".
std::string versionString();

/// The path of the running executable.
std::string currentExecutable(const char *Argv0);

/// Clang's resource directory (builtin headers such as stddef.h) for the
/// executable at \p Executable: `<exe dir>/../lib/clang/<major>` if it has
/// include/stddef.h (a relocated install), else the directory of the LLVM
/// that Bamboo was built with. An error if neither has the headers.
llvm::Expected<std::string> findResourceDir(llvm::StringRef Executable);

/// The include directories of the MPI that Bamboo was built with.
std::vector<std::string> mpiIncludeDirs();

/// Adds -resource-dir=\p Dir unless the command line already names one.
clang::tooling::ArgumentsAdjuster getResourceDirAdjuster(std::string Dir);

/// Adds `-isystem <dir>` for each MPI include directory, after the user's
/// flags so that their own -I or -isystem win. Nothing else: <mpi.h> reads
/// as mpicxx shows it, C++ bindings and the standard headers they include.
clang::tooling::ArgumentsAdjuster getMPIAdjuster();

/// The standard a C++ translation is compiled with, for the user's -std=:
/// the same from C++17 on, C++17 in its dialect for anything older (the
/// runtime's headers need it: c++11 becomes c++17), and g++'s default,
/// gnu++17, for a C standard given to a file read as C++ (g++ ignores it).
std::string translationStandard(llvm::StringRef StdFlag);

/// Whether \p File of a compile command \p Args is read as C: by a `-x c`
/// before it, else by its extension.
bool readAsC(const std::vector<std::string> &Args, llvm::StringRef File);

/// The language standard of each file: a C file keeps its C standard (and
/// drops C++ ones); a C++ file is read as the C++20 (or later) it will be
/// compiled as, and drops C ones.
clang::tooling::ArgumentsAdjuster getStandardAdjuster();

/// All three adjusters.
clang::tooling::ArgumentsAdjuster getBambooAdjuster(std::string ResourceDir);

/// The compiler flags the adjusters add, for code that parses without a
/// ClangTool (unit tests): -resource-dir, -isystem <mpi>, -D....
std::vector<std::string> bambooCompilerFlags(const std::string &ResourceDir);

struct ToolOptions {
  /// Print the region model (--explain) to ExplainOut.
  bool Explain = false;
  llvm::raw_ostream *ExplainOut = nullptr; ///< null: stdout
};

/// Called with the model of each translation unit that parsed without
/// errors, while its AST is alive.
using AnalysisCallback = std::function<void(TranslationUnitModel &)>;

/// Installs `#pragma bamboo` for the parse, then runs the analysis on the
/// AST. Skips the analysis when clang reported errors.
class BambooAction : public clang::ASTFrontendAction {
public:
  BambooAction(ToolOptions Options, AnalysisCallback Callback);
  ~BambooAction() override;

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI,
                    llvm::StringRef InFile) override;
  bool BeginInvocation(clang::CompilerInstance &CI) override;
  void EndSourceFileAction() override;

private:
  struct State;
  /// The main file's leading system includes, when they come precompiled.
  LeadingIncludes Prefix;
  ToolOptions Options;
  AnalysisCallback Callback;
  std::unique_ptr<State> S;
};

std::unique_ptr<clang::tooling::FrontendActionFactory>
newBambooActionFactory(ToolOptions Options,
                       AnalysisCallback Callback = nullptr);

/// Parses \p Code as \p FileName with \p Flags plus bambooCompilerFlags(),
/// runs the analysis and calls \p Callback with the model. Diagnostics go to
/// \p Diags, or to stderr. Returns false if clang or Bamboo reported errors.
bool analyzeCode(llvm::StringRef Code, const std::vector<std::string> &Flags,
                 AnalysisCallback Callback,
                 clang::DiagnosticConsumer *Diags = nullptr,
                 llvm::StringRef FileName = "input.cpp");

} // namespace bamboo::tool

#endif // BAMBOO_TOOL_TOOLSETUP_H
