//===- Translate.cpp - The translator's second stage ----------------------===//
//
// Runs the lowerings over one analysed translation unit, then assembles the
// output: the runtime's include, the rewritten file, the generated main.
//
//===----------------------------------------------------------------------===//

#include "bamboo/CodeGen/Translate.h"

#include "Lowerings.h"
#include "RewriteSession.h"

#include "llvm/Support/Regex.h"

using namespace clang;

namespace bamboo {

namespace codegen {

void addRuntimeInclude(RewriteSession &S) {
  static const char *Comment = " // bamboo: the runtime (it includes <mpi.h>)";
  llvm::StringRef Buffer = S.SM.getBufferData(S.Main);
  // Replace `#include <mpi.h>` in place, so that every line keeps its number.
  llvm::Regex MPIInclude("^[ \t]*#[ \t]*include[ \t]*[<\"]mpi\\.h[>\"]");
  bool Replaced = false;
  for (size_t Offset = 0; Offset < Buffer.size() && !Replaced;) {
    size_t End = std::min(Buffer.find('\n', Offset), Buffer.size());
    llvm::StringRef Line = Buffer.slice(Offset, End);
    llvm::SmallVector<llvm::StringRef, 1> Match;
    if (MPIInclude.match(Line, &Match)) {
      SourceLocation At = S.SM.getLocForStartOfFile(S.Main).getLocWithOffset(Offset);
      bool Commented = Line.drop_front(Match[0].size()).ltrim().starts_with("//");
      S.R.ReplaceText(At, Match[0].size(),
                      Commented ? "#include <bamboo/bamboo.h>"
                                : ("#include <bamboo/bamboo.h>" + llvm::Twine(Comment)).str());
      Replaced = true;
    }
    Offset = End + 1;
  }
  if (!Replaced) // <mpi.h> comes through another header: a new first line
    S.Prologue = "#include <bamboo/bamboo.h>" + std::string(Comment) + "\n";
  if (S.Options.LineDirectives) {
    std::string Path = S.SM.getFileEntryRefForID(S.Main)->getName().str();
    S.Prologue += "#line 1 \"" + Path + "\"\n";
  }
}

} // namespace codegen

std::optional<std::string> translateMainFile(TranslationUnitModel &Model, DiagTable &Diags,
                                             const TranslateOptions &Options) {
  if (Model.context().getDiagnostics().hasErrorOccurred())
    return std::nullopt;
  codegen::RewriteSession S(Model, Diags, Options);
  codegen::addRuntimeInclude(S);
  codegen::privatizeVariables(S);
  codegen::lowerTaskFunctions(S);
  codegen::lowerMPICalls(S);
  codegen::lowerRegions(S);
  codegen::lowerMain(S);
  S.flushAwaits();
  return S.result();
}

} // namespace bamboo
