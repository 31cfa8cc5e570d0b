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

enum class Outcome { ClangErrors, BambooErrors, Clean };

/// Runs the front end on \p Source alone; \p Callback sees its model (unless
/// clang reported errors).
Outcome runOn(const CompilationDatabase &Compilations,
              const std::string &Source, const ProgramOptions &Options,
              const CallGraph *Facts, bool Quiet,
              tool::AnalysisCallback Callback) {
  ClangTool Tool(Compilations, {Source});
  Tool.appendArgumentsAdjuster(tool::getBambooAdjuster(Options.ResourceDir));
  tool::SilentDiagnostics Silent;
  if (Quiet) {
    // Not even "1 error generated" or "Error while processing".
    Tool.setDiagnosticConsumer(&Silent);
    Tool.setPrintErrorMessage(false);
    Tool.appendArgumentsAdjuster(getInsertArgumentAdjuster(
        "-fno-caret-diagnostics", ArgumentInsertPosition::END));
  }
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
  if (!Called)
    return Outcome::ClangErrors;
  return Status == 0 ? Outcome::Clean : Outcome::BambooErrors;
}

/// Another of \p Summaries that defines \p Key, after \p After.
const FileSummary *laterDefiner(llvm::ArrayRef<FileSummary> Summaries,
                                llvm::StringRef Key, const FileSummary *After) {
  for (const FileSummary &S : Summaries)
    if (const CallGraph::Node *N = S.Graph.lookup(Key);
        N && N->Defined && &S > After)
      return &S;
  return nullptr;
}

} // namespace

ProgramTranslation translateProgram(const CompilationDatabase &Compilations,
                                    llvm::ArrayRef<std::string> Sources,
                                    const ProgramOptions &Options) {
  ProgramTranslation Out;
  std::vector<const FileSummary *> Known;
  for (const FileSummary &S : Options.Facts)
    Known.push_back(&S);

  // Pass 1: each file's graph. One file alone needs no first pass. Bamboo's
  // own diagnostics wait for the second, which knows the whole program.
  std::vector<FileSummary> FirstPass;
  if (Sources.size() > 1) {
    FirstPass.reserve(Sources.size());
    for (const std::string &Source : Sources) {
      Outcome Done = runOn(Compilations, Source, Options, nullptr,
                           /*Quiet=*/true, [&](TranslationUnitModel &Model) {
                             FirstPass.push_back(summarize(Model));
                           });
      if (Done == Outcome::ClangErrors) {
        // Again, to show its errors.
        runOn(Compilations, Source, Options, nullptr, /*Quiet=*/false, nullptr);
        Out.Failed = Source;
        return Out;
      }
    }
    // One program has one main.
    for (const FileSummary &S : FirstPass)
      for (const auto &N : S.Graph.nodes())
        if (N->Role == FunctionRole::Main && N->Defined)
          if (const FileSummary *Other = laterDefiner(FirstPass, N->Key, &S)) {
            llvm::WithColor::error(llvm::errs(), "bamboo")
                << "'" << S.Source << "' and '" << Other->Source
                << "' both define main: the files translated together are "
                   "one program\n";
            Out.Failed = Other->Source;
            return Out;
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
    Outcome Done = runOn(Compilations, Source, Options, &Facts, /*Quiet=*/false,
                         [&](TranslationUnitModel &Model) {
                           FileSummary Summary = summarize(Model);
                           // Also with --explain: code generation's checks
                           // then report what translation would (the text
                           // is not written).
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
    if (Done != Outcome::Clean || !Translated) {
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
