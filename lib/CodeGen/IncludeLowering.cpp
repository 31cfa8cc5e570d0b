//===- IncludeLowering.cpp - The runtime's header and translated headers --===//
//
//   #include <mpi.h>     =>  #include <bamboo/bamboo.h> // bamboo: the runtime
//   ... #include "solver.h"  =>  #include "../include/solver.h" // bamboo:
//   translated header
//
// Every file with translated code needs the runtime's header: its own
// `#include <mpi.h>` is replaced in place (so lines keep their numbers), and
// a file without one gets a first line, then `#line 1`. In a mirrored output
// tree (docs/multifile.md), an #include that would not find the translated
// header from the translated file's place (found through -I, or outside the
// root) is pointed at it with a relative path.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"
#include "RewriteSession.h"

#include "bamboo/CodeGen/Translate.h"
#include "bamboo/Frontend/Inclusions.h"

#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

using namespace clang;

namespace bamboo::codegen {

namespace {

const char *const RuntimeInclude = "#include <bamboo/bamboo.h>";
const char *const RuntimeComment =
    " // bamboo: the runtime (it includes <mpi.h>)";

/// Replaces each `#include <mpi.h>` line of \p FID; whether there was one.
bool replaceMPIInclude(RewriteSession &S, FileID FID) {
  llvm::StringRef Buffer = S.SM.getBufferData(FID);
  llvm::Regex MPIInclude("^[ \t]*#[ \t]*include[ \t]*[<\"]mpi\\.h[>\"]");
  bool Replaced = false;
  for (size_t Offset = 0; Offset < Buffer.size();) {
    size_t End = std::min(Buffer.find('\n', Offset), Buffer.size());
    llvm::StringRef Line = Buffer.slice(Offset, End);
    llvm::SmallVector<llvm::StringRef, 1> Match;
    if (MPIInclude.match(Line, &Match)) {
      SourceLocation At =
          S.SM.getLocForStartOfFile(FID).getLocWithOffset(Offset);
      bool Commented =
          Line.drop_front(Match[0].size()).ltrim().starts_with("//");
      S.R.ReplaceText(
          At, Match[0].size(),
          Commented ? RuntimeInclude
                    : (RuntimeInclude + llvm::Twine(RuntimeComment)).str());
      Replaced = true;
    }
    Offset = End + 1;
  }
  return Replaced;
}

/// The relative path from directory \p From to \p To (both relative to the
/// same place, without `.` or `..`).
std::string relativePath(llvm::StringRef From, llvm::StringRef To) {
  llvm::SmallVector<llvm::StringRef, 8> A(llvm::sys::path::begin(From),
                                          llvm::sys::path::end(From));
  llvm::SmallVector<llvm::StringRef, 8> B(llvm::sys::path::begin(To),
                                          llvm::sys::path::end(To));
  size_t Common = 0;
  while (Common < A.size() && Common + 1 < B.size() && A[Common] == B[Common])
    ++Common;
  llvm::SmallString<256> Out;
  for (size_t I = Common; I < A.size(); ++I)
    llvm::sys::path::append(Out, "..");
  for (size_t I = Common; I < B.size(); ++I)
    llvm::sys::path::append(Out, B[I]);
  return std::string(Out);
}

/// Points the user-header #includes of user files at the translated headers
/// where their own lookup would not find them.
void redirectIncludes(RewriteSession &S, const Inclusions &Includes) {
  for (const IncludeDirective &D : Includes.directives()) {
    if (!D.Target || !S.isUserFile(D.Includer))
      continue;
    FileID TargetID = S.SM.translateFile(*D.Target);
    if (TargetID.isInvalid() || !S.isUserFile(TargetID))
      continue;
    std::string From =
        mirroredPath(S.Options.Root, absolutePath(S.SM, D.Includer));
    std::string To = mirroredPath(S.Options.Root, absolutePath(S.SM, TargetID));
    llvm::StringRef FromDir = llvm::sys::path::parent_path(From);
    if (!D.Angled && !D.ThroughMacro) {
      // `"name"` is looked up next to the includer first.
      llvm::StringRef Written =
          Lexer::getSourceText(D.FilenameRange, S.SM, S.Ctx.getLangOpts());
      llvm::SmallString<256> Natural(FromDir);
      llvm::sys::path::append(Natural, Written.drop_front().drop_back());
      llvm::sys::path::remove_dots(Natural, /*remove_dot_dot=*/true);
      if (Natural == To)
        continue;
    }
    std::string Name = llvm::sys::path::filename(D.Target->getName()).str();
    if (D.ThroughMacro) {
      S.Diags.report(D.FilenameRange.getBegin(), Diag::IncludeThroughMacro)
          << Name;
      continue;
    }
    S.R.ReplaceText(D.FilenameRange, "\"" + relativePath(FromDir, To) + "\"");
  }
}

} // namespace

void lowerIncludes(RewriteSession &S) {
  const Inclusions *Includes = S.Model.inclusions();
  std::vector<FileID> Files = {S.Main};
  if (Includes)
    for (FileID FID : Includes->files())
      if (FID != S.Main && S.isUserFile(FID))
        Files.push_back(FID);
  for (FileID FID : Files) {
    // A file with translated code (any edit so far) needs the runtime: its
    // own <mpi.h> becomes the runtime's header, or it gets a first line.
    bool Translated = FID == S.Main || S.R.getRewriteBufferFor(FID);
    std::string &Prologue = S.Prologues[FID];
    if (Translated && !replaceMPIInclude(S, FID))
      Prologue = std::string(RuntimeInclude) + RuntimeComment + "\n";
    // Lines keep their numbers.
    if (S.Options.LineDirectives)
      Prologue += "#line 1 \"" +
                  S.SM.getFileEntryRefForID(FID)->getName().str() + "\"\n";
    else if (!Prologue.empty())
      Prologue += "#line 1\n";
  }
  if (S.Options.Mirror && Includes)
    redirectIncludes(S, *Includes);
}

} // namespace bamboo::codegen
