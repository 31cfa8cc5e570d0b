//===- ProgramTranslation.cpp - Translate the files of one command --------===//
//
// One analysis and translation per source, as a compiler compiles it. See
// ProgramTranslation.h.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Driver/ProgramTranslation.h"

#include "bamboo/Frontend/Analysis.h"
#include "bamboo/Frontend/Diagnostics.h"
#include "bamboo/Frontend/Inclusions.h"
#include "bamboo/Tool/ToolSetup.h"

#include "clang/AST/ASTContext.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/WithColor.h"

using namespace clang::tooling;

namespace bamboo::driver {

namespace {

enum class Outcome { ClangErrors, BambooErrors, Clean };

/// Runs the front end on \p Source; \p Callback sees its model (unless clang
/// reported errors).
Outcome runOn(const CompilationDatabase &Compilations,
              const std::string &Source, const ProgramOptions &Options,
              tool::AnalysisCallback Callback) {
  ClangTool Tool(Compilations, {Source});
  Tool.appendArgumentsAdjuster(tool::getBambooAdjuster(Options.ResourceDir));
  tool::ToolOptions ToolOpts;
  ToolOpts.Explain = Options.Explain;
  ToolOpts.ExplainOut = Options.ExplainOut;
  bool Called = false;
  auto Wrapped = [&](TranslationUnitModel &Model) {
    Called = true;
    Callback(Model);
  };
  int Status = Tool.run(tool::newBambooActionFactory(ToolOpts, Wrapped).get());
  if (!Called)
    return Outcome::ClangErrors;
  return Status == 0 ? Outcome::Clean : Outcome::BambooErrors;
}

} // namespace

ProgramTranslation translateProgram(const CompilationDatabase &Compilations,
                                    llvm::ArrayRef<std::string> Sources,
                                    const ProgramOptions &Options) {
  ProgramTranslation Out;
  llvm::StringMap<size_t> ByPath;
  llvm::StringMap<std::string> TextSource; // which source gave each header's
  llvm::StringMap<bool> TextIsCxx;         // and in which language
  llvm::StringSet<> Read;
  std::string MainSource; // the source that defines main
  for (const std::string &Source : Sources) {
    std::optional<std::vector<TranslatedFile>> Files;
    bool DefinesMain = false, IsCxx = true;
    Outcome Done =
        runOn(Compilations, Source, Options, [&](TranslationUnitModel &Model) {
          const clang::SourceManager &SM = Model.context().getSourceManager();
          if (const Inclusions *Includes = Model.inclusions())
            for (clang::FileID FID : Includes->files())
              if (isUserFile(SM, FID))
                if (std::string Path = absolutePath(SM, FID);
                    Read.insert(Path).second)
                  Out.Read.push_back(Path);
          DefinesMain = Model.mainFunction() != nullptr;
          IsCxx = Model.context().getLangOpts().CPlusPlus;
          // Also with --explain: code generation's checks then report what
          // translation would (the text is not written). Without a root,
          // every file is placed by its absolute path: the root found at the
          // end holds them all, in the same places relative to each other.
          DiagTable Diags(Model.context().getDiagnostics());
          Files = translateFile(Model, Diags, Options.Translate);
        });
    if (Done != Outcome::Clean || !Files) {
      Out.Failed = Source;
      return Out;
    }
    // One program has one main (the linker would say so, later).
    if (DefinesMain && !MainSource.empty()) {
      llvm::WithColor::error(llvm::errs(), "bamboo")
          << "'" << MainSource << "' and '" << Source
          << "' both define main: the files translated together are one "
             "program\n";
      Out.Failed = Source;
      return Out;
    }
    if (DefinesMain)
      MainSource = Source;
    for (TranslatedFile &F : *Files) {
      auto [It, New] = ByPath.try_emplace(F.Path, Out.Files.size());
      if (New) {
        if (!F.IsSource)
          Out.IncludedBy[F.Path] = Source;
        TextSource[F.Path] = Source;
        TextIsCxx[F.Path] = IsCxx;
        Out.Files.push_back(std::move(F));
        continue;
      }
      TranslatedFile &First = Out.Files[It->second];
      if (First.IsSource || F.IsSource || First.Text == F.Text)
        continue;
      if (TextIsCxx[F.Path] != IsCxx)
        // C and C++ translations of a header differ (accessors return
        // pointers or references, MPI calls go to the C or the C++ API).
        llvm::WithColor::error(llvm::errs(), "bamboo")
            << "'" << F.Path << "' is included by the C file '"
            << (IsCxx ? TextSource[F.Path] : Source) << "' and the C++ file '"
            << (IsCxx ? Source : TextSource[F.Path])
            << "', and its translation differs for each language; translate "
               "the C files and the C++ files with an --output-dir each (as "
               "bamboo-cxx and bamboo_add_executable do)\n";
      else
        llvm::WithColor::error(llvm::errs(), "bamboo")
            << "'" << F.Path << "' translates differently for '"
            << TextSource[F.Path] << "' and '" << Source
            << "' (different macros, or templates used differently?); bamboo "
               "writes one translation of each header\n";
      Out.Failed = Source;
      return Out;
    }
  }
  Out.Root = Options.Translate.Root;
  if (Out.Root.empty()) {
    std::vector<std::string> Paths;
    for (const TranslatedFile &F : Out.Files)
      Paths.push_back(F.Path);
    Out.Root = commonRoot(Paths);
  }
  Out.Ok = true;
  return Out;
}

} // namespace bamboo::driver
