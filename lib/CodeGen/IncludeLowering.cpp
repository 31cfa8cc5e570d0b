//===- IncludeLowering.cpp - The runtime's header and translated headers --===//
//
//   #include <mpi.h>     =>  #include <bamboo/bamboo.h> // bamboo: the runtime
//   ... #include "solver.h"  =>  #include "../include/solver.h" // bamboo:
//   translated header
//
// Every file with translated code needs the runtime's header: its own
// `#include <mpi.h>` is replaced in place (so lines keep their numbers). A
// file without one gets it before its first #include, then a #line, when only
// preprocessor lines and comments come before that: the file's feature-test
// macros (`#define _POSIX_C_SOURCE 200112L`) must come before every system
// header, as they did. Else it gets a first line, then `#line 1`. In a mirrored
// output tree (docs/multifile.md), an #include that would not find the
// translated header from the translated file's place (found through -I, or
// outside the root) is pointed at it with a relative path.
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

/// Where the runtime's header goes in \p FID, which has no <mpi.h>: the start
/// of the line of its first #include if only preprocessor lines and comments
/// come before it (then nothing of the file's code, not even an
/// `extern "C" {`, encloses it); else the start of the file.
SourceLocation runtimeIncludePlace(RewriteSession &S, FileID FID,
                                   const Inclusions *Includes) {
  SourceLocation Start = S.SM.getLocForStartOfFile(FID);
  if (!Includes)
    return Start;
  const IncludeDirective *First = nullptr;
  for (const IncludeDirective &D : Includes->directives())
    if (D.Includer == FID && (!First || S.SM.isBeforeInTranslationUnit(
                                            D.FilenameRange.getBegin(),
                                            First->FilenameRange.getBegin())))
      First = &D;
  if (!First || First->FilenameRange.getBegin().isMacroID())
    return Start;
  llvm::StringRef Buffer = S.SM.getBufferData(FID);
  unsigned Offset = S.SM.getFileOffset(First->FilenameRange.getBegin());
  unsigned LineStart = Buffer.rfind('\n', Offset) + 1; // npos + 1 == 0
  // Raw tokens before it: each must belong to a directive (comments are
  // skipped by the raw lexer, which reads the whole buffer: it needs its end).
  Lexer Raw(Start, S.Ctx.getLangOpts(), Buffer.begin(), Buffer.begin(),
            Buffer.end());
  bool InDirective = false;
  Token T;
  while (!Raw.LexFromRawLexer(T) &&
         S.SM.getFileOffset(T.getLocation()) < LineStart) {
    if (T.isAtStartOfLine())
      InDirective = T.is(tok::hash);
    if (!InDirective)
      return Start;
  }
  return Start.getLocWithOffset(LineStart);
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
    // own <mpi.h> becomes the runtime's header, or it gets one before its
    // first #include, or a first line.
    bool Translated = FID == S.Main || S.R.getRewriteBufferFor(FID);
    std::string &Prologue = S.Prologues[FID];
    if (Translated && !replaceMPIInclude(S, FID)) {
      std::string Include = std::string(RuntimeInclude) + RuntimeComment + "\n";
      SourceLocation Place = runtimeIncludePlace(S, FID, Includes);
      if (Place == S.SM.getLocForStartOfFile(FID))
        Prologue = Include;
      else
        S.R.InsertTextBefore(
            Place,
            Include + S.lineDirective(FID, S.SM.getSpellingLineNumber(Place)));
    }
    if (S.Options.LineDirectives || !Prologue.empty())
      Prologue += S.lineDirective(FID, 1);
  }
  if (S.Options.Mirror && Includes)
    redirectIncludes(S, *Includes);
}

} // namespace bamboo::codegen
