//===- ProgramTranslation.cpp - Translate the files of one program --------===//
//
// Two passes over the sources: graphs first (silently), then analysis and
// translation with the program's facts. See ProgramTranslation.h.
//
//===----------------------------------------------------------------------===//

#include "bamboo/Driver/ProgramTranslation.h"

#include "bamboo/Frontend/Analysis.h"
#include "bamboo/Frontend/Diagnostics.h"
#include "bamboo/Tool/ToolSetup.h"

#include "clang/AST/ASTContext.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/WithColor.h"

using namespace clang::tooling;

namespace bamboo::driver {

namespace {

/// Runs the front end on \p Source alone; \p Callback sees its model.
/// Returns false on errors (clang's or Bamboo's).
bool runOn(const CompilationDatabase &Compilations, const std::string &Source,
           const ProgramOptions &Options, const CallGraph *Facts, bool Quiet,
           tool::AnalysisCallback Callback) {
  ClangTool Tool(Compilations, {Source});
  Tool.appendArgumentsAdjuster(tool::getBambooAdjuster(Options.ResourceDir));
  tool::SilentDiagnostics Silent;
  if (Quiet)
    Tool.setDiagnosticConsumer(&Silent);
  tool::ToolOptions ToolOpts;
  ToolOpts.Explain = Options.Explain && !Quiet;
  ToolOpts.ExplainOut = Options.ExplainOut;
  ToolOpts.ProgramFacts = Facts;
  bool Called = false;
  auto Wrapped = [&](TranslationUnitModel &Model) {
    Called = true;
    if (Callback)
      Callback(Model);
  };
  int Status = Tool.run(tool::newBambooActionFactory(ToolOpts, Wrapped).get());
  return Status == 0 && Called;
}

} // namespace

ProgramTranslation translateProgram(const CompilationDatabase &Compilations,
                                    llvm::ArrayRef<std::string> Sources,
                                    const ProgramOptions &Options) {
  ProgramTranslation Out;
  std::vector<const FileSummary *> Known;
  for (const FileSummary &S : Options.Facts)
    Known.push_back(&S);

  // Pass 1: each file's graph. One file alone needs no first pass.
  std::vector<FileSummary> FirstPass;
  if (Sources.size() > 1) {
    FirstPass.reserve(Sources.size());
    for (const std::string &Source : Sources) {
      bool Ok = runOn(Compilations, Source, Options, nullptr, /*Quiet=*/true,
                      [&](TranslationUnitModel &Model) {
                        FirstPass.push_back(summarize(Model));
                      });
      if (!Ok) {
        // Again, to show its errors.
        runOn(Compilations, Source, Options, nullptr, /*Quiet=*/false, nullptr);
        Out.Failed = Source;
        return Out;
      }
    }
    for (const FileSummary &S : FirstPass)
      Known.push_back(&S);
  }
  CallGraph Facts = mergeGraphs(Known);

  // The mirror's root: given, or the deepest directory holding every user file.
  Out.Root = Options.Translate.Root;
  if (Out.Root.empty() && !FirstPass.empty()) {
    std::vector<std::string> Paths;
    for (const FileSummary &S : FirstPass)
      for (const auto &[Path, Hash] : S.Inputs)
        Paths.push_back(Path);
    Out.Root = commonRoot(Paths);
  }

  // Pass 2: analysis and translation with the program's facts.
  llvm::StringMap<size_t> ByPath;
  llvm::StringMap<std::string>
      TextSource; // which source gave each header's text
  for (const std::string &Source : Sources) {
    bool Translated = false;
    std::optional<std::vector<TranslatedFile>> Files;
    bool Ok = runOn(Compilations, Source, Options, &Facts, /*Quiet=*/false,
                    [&](TranslationUnitModel &Model) {
                      FileSummary Summary = summarize(Model);
                      if (Options.Explain) {
                        Out.Summaries.push_back(std::move(Summary));
                        return;
                      }
                      TranslateOptions Translate = Options.Translate;
                      if (Out.Root.empty()) {
                        std::vector<std::string> Paths;
                        for (const auto &[Path, Hash] : Summary.Inputs)
                          Paths.push_back(Path);
                        Out.Root = commonRoot(Paths);
                      }
                      Translate.Root = Out.Root;
                      DiagTable Diags(Model.context().getDiagnostics());
                      Files = translateFile(Model, Diags, Translate);
                      Translated = Files.has_value();
                      Out.Summaries.push_back(std::move(Summary));
                    });
    if (!Ok || (!Options.Explain && !Translated)) {
      Out.Failed = Source;
      return Out;
    }
    if (!Files)
      continue;
    for (TranslatedFile &F : *Files) {
      auto [It, New] = ByPath.try_emplace(F.Path, Out.Files.size());
      if (New) {
        if (!F.IsSource)
          Out.IncludedBy[F.Path] = Source;
        TextSource[F.Path] = Source;
        Out.Files.push_back(std::move(F));
        continue;
      }
      TranslatedFile &First = Out.Files[It->second];
      if (First.IsSource || F.IsSource || First.Text == F.Text)
        continue;
      llvm::WithColor::error(llvm::errs(), "bamboo")
          << "'" << F.Path << "' translates differently for '"
          << TextSource[F.Path] << "' and '" << Source
          << "' (different macros, or templates used differently?); bamboo "
             "writes one "
             "translation of each header\n";
      Out.Failed = Source;
      return Out;
    }
  }
  Out.Ok = true;
  return Out;
}

} // namespace bamboo::driver
