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
  llvm::Regex MPIInclude("^[ \t]*#[ \t]*include[ \t]*[<\"]mpi\\.h[>\"][^\n]*");
  size_t Offset = 0;
  while (Offset < Buffer.size()) {
    size_t End = Buffer.find('\n', Offset);
    llvm::StringRef Line = Buffer.slice(Offset, End == llvm::StringRef::npos ? Buffer.size() : End);
    if (MPIInclude.match(Line)) {
      SourceLocation At = S.SM.getLocForStartOfFile(S.Main).getLocWithOffset(Offset);
      S.R.ReplaceText(At, Line.size(), ("#include <bamboo/bamboo.h>" + llvm::Twine(Comment)).str());
      break;
    }
    if (End == llvm::StringRef::npos) {
      S.Prologue = "#include <bamboo/bamboo.h>" + std::string(Comment) + "\n";
      break;
    }
    Offset = End + 1;
  }
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
