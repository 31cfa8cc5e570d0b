//===- Translate.cpp - The translator's second stage ----------------------===//
//
// Runs the lowerings over one analysed translation unit, then assembles the
// output: the rewritten main file with the generated main, and the user
// headers it includes. Also the layout of a mirrored output tree.
//
//===----------------------------------------------------------------------===//

#include "bamboo/CodeGen/Translate.h"

#include "Lowerings.h"
#include "RewriteSession.h"

#include "llvm/Support/Path.h"

using namespace clang;

namespace bamboo {

std::optional<std::vector<TranslatedFile>>
translateFile(TranslationUnitModel &Model, DiagTable &Diags,
              const TranslateOptions &Options) {
  if (Model.context().getDiagnostics().hasErrorOccurred())
    return std::nullopt;
  codegen::RewriteSession S(Model, Diags, Options);
  codegen::privatizeVariables(S);
  codegen::lowerMPICalls(S);
  codegen::lowerRegions(S);
  codegen::lowerMain(S);
  codegen::lowerLibcState(S);
  // After the edits inside statements, which move with them.
  codegen::reorderBlocks(S);
  // Last: which files need the runtime's header depends on the edits above.
  codegen::lowerIncludes(S);
  return S.result();
}

std::string mirroredPath(llvm::StringRef Root, llvm::StringRef Path) {
  llvm::StringRef Rel = Path;
  if (!Root.empty() && Rel.consume_front(Root) &&
      (Root.ends_with("/") || Rel.consume_front("/")))
    return Rel.str();
  llvm::SmallString<256> Outside("outside-root");
  llvm::sys::path::append(Outside, llvm::sys::path::relative_path(Path));
  return std::string(Outside);
}

std::string commonRoot(llvm::ArrayRef<std::string> Paths) {
  std::vector<llvm::StringRef> Common;
  bool First = true;
  for (const std::string &P : Paths) {
    std::vector<llvm::StringRef> Dir(
        llvm::sys::path::begin(llvm::sys::path::parent_path(P)),
        llvm::sys::path::end(llvm::sys::path::parent_path(P)));
    if (First) {
      Common = Dir;
      First = false;
      continue;
    }
    size_t N = 0;
    while (N < Common.size() && N < Dir.size() && Common[N] == Dir[N])
      ++N;
    Common.resize(N);
  }
  llvm::SmallString<256> Out;
  for (llvm::StringRef C : Common)
    llvm::sys::path::append(Out, C);
  return std::string(Out);
}

} // namespace bamboo
