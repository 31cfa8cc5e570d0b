//===- TestSupport.cpp - Parsing code strings for the front end's tests ---===//
//
// Helpers shared by the unit tests.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"
#include "bamboo/Frontend/SourceText.h"
#include "bamboo/Tool/ToolSetup.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace bamboo::test {

std::vector<std::string> testFlags() {
  std::string ResourceDir =
      llvm::cantFail(tool::findResourceDir(tool::currentExecutable(nullptr)));
  std::vector<std::string> Flags = tool::bambooCompilerFlags(ResourceDir);
  Flags.push_back("-std=c++20");
  return Flags;
}

std::unique_ptr<ASTUnit> parse(llvm::StringRef Code,
                               const std::vector<std::string> &ExtraFlags) {
  std::vector<std::string> Flags = testFlags();
  llvm::append_range(Flags, ExtraFlags);
  return tooling::buildASTFromCodeWithArgs(Code, Flags, "input.cpp");
}

namespace {

/// Collects diagnostics as "line:col: level: message".
class Collector : public DiagnosticConsumer {
public:
  explicit Collector(std::vector<std::string> &Out) : Out(Out) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    std::string Where;
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      PresumedLoc P = Info.getSourceManager().getPresumedLoc(
          Info.getSourceManager().getExpansionLoc(Info.getLocation()));
      Where = std::to_string(P.getLine()) + ":" +
              std::to_string(P.getColumn()) + ": ";
    }
    const char *Name = Level == DiagnosticsEngine::Note      ? "note"
                       : Level == DiagnosticsEngine::Warning ? "warning"
                       : Level >= DiagnosticsEngine::Error   ? "error"
                                                             : "remark";
    Out.push_back(Where + Name + ": " + std::string(Message));
  }

private:
  std::vector<std::string> &Out;
};

} // namespace

Analysis analyze(llvm::StringRef Code,
                 std::function<void(TranslationUnitModel &)> Check) {
  Analysis Result;
  Collector Diags(Result.Diagnostics);
  std::vector<std::string> Flags = {"-std=c++20"};
  Result.Ok = tool::analyzeCode(Code, Flags, std::move(Check), &Diags);
  return Result;
}

const FunctionDecl *findFunction(ASTContext &Ctx, llvm::StringRef Name) {
  auto Matches =
      match(translationUnitDecl(forEachDescendant(
                functionDecl(hasName(Name), isDefinition()).bind("f"))),
            Ctx);
  for (const BoundNodes &M : Matches)
    if (const auto *FD = M.getNodeAs<FunctionDecl>("f"))
      return FD;
  return nullptr;
}

std::string text(const Stmt *S, const ASTContext &Ctx) {
  return sourceText(S, Ctx);
}

} // namespace bamboo::test
