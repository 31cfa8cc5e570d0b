//===- RewriteSession.cpp - What every lowering shares
//----------------------===//
//
// Edits that respect macros, source text, names of places.
//
//===----------------------------------------------------------------------===//

#include "RewriteSession.h"

#include "bamboo/Frontend/PragmaTable.h"

#include "bamboo/Frontend/Inclusions.h"
#include "bamboo/Frontend/SourceText.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace bamboo::codegen {

RewriteSession::RewriteSession(TranslationUnitModel &Model, DiagTable &Diags,
                               const TranslateOptions &Options)
    : Model(Model), Ctx(Model.context()), SM(Ctx.getSourceManager()),
      Diags(Diags), Options(Options), R(SM, Ctx.getLangOpts()),
      Main(SM.getMainFileID()) {}

bool RewriteSession::isUserFile(FileID FID) const {
  auto [It, Inserted] = UserFiles.try_emplace(FID, false);
  if (Inserted)
    It->second = bamboo::isUserFile(SM, FID);
  return It->second;
}

bool RewriteSession::inUserFile(SourceLocation Loc) const {
  return Loc.isValid() && isUserFile(SM.getFileID(SM.getFileLoc(Loc)));
}

std::optional<SourceLocation> RewriteSession::editable(SourceLocation Loc,
                                                       llvm::StringRef What,
                                                       Place Where,
                                                       bool InMacroBodies) {
  SourceLocation At = Loc;
  while (At.isMacroID()) {
    // A builtin macro (__FILE__, __LINE__) is its own whole use.
    if (Where != Place::Token &&
        SM.isWrittenInScratchSpace(SM.getSpellingLoc(At))) {
      CharSourceRange Use = SM.getImmediateExpansionRange(At);
      At = Where == Place::Start ? Use.getBegin() : Use.getEnd();
      continue;
    }
    // The first (last) token of a whole expansion is edited before (after)
    // the macro's use: `bool f()` with stdbool's bool, `.a = N`.
    SourceLocation Expansion;
    if (Where == Place::Start && Lexer::isAtStartOfMacroExpansion(
                                     At, SM, Ctx.getLangOpts(), &Expansion)) {
      At = Expansion;
      continue;
    }
    if (Where == Place::End &&
        Lexer::isAtEndOfMacroExpansion(At, SM, Ctx.getLangOpts(), &Expansion)) {
      At = Expansion;
      continue;
    }
    if (SM.isMacroArgExpansion(At)) { // where the argument is written
      At = SM.getImmediateSpellingLoc(At);
      continue;
    }
    // In the macro's definition: only an edit that every use of the macro
    // wants (a rename), which the caller vouches for.
    if (!InMacroBodies) {
      llvm::StringRef Macro =
          Lexer::getImmediateMacroName(At, SM, Ctx.getLangOpts());
      Diags.report(SM.getExpansionLoc(Loc), Diag::InMacroBody) << What << Macro;
      return std::nullopt;
    }
    At = SM.getImmediateSpellingLoc(At);
  }
  if (!isUserFile(SM.getFileID(At))) {
    Diags.report(SM.getExpansionLoc(Loc), Diag::NotInUserFile)
        << What << SM.getFilename(At);
    return std::nullopt;
  }
  return At;
}

bool RewriteSession::insertBefore(SourceLocation Loc, llvm::StringRef Text,
                                  llvm::StringRef What) {
  auto At = editable(Loc, What, Place::Start);
  if (!At)
    return false;
  R.InsertTextBefore(*At, Text);
  return true;
}

bool RewriteSession::insertAfterInsertions(SourceLocation Loc,
                                           llvm::StringRef Text,
                                           llvm::StringRef What) {
  auto At = editable(Loc, What, Place::Start);
  if (!At)
    return false;
  R.InsertText(*At, Text, /*InsertAfter=*/true);
  return true;
}

bool RewriteSession::insertAfterToken(SourceLocation Loc, llvm::StringRef Text,
                                      llvm::StringRef What) {
  auto At = editable(Loc, What, Place::End);
  if (!At)
    return false;
  R.InsertTextAfterToken(*At, Text);
  return true;
}

bool RewriteSession::replaceToken(SourceLocation Loc, llvm::StringRef Text,
                                  llvm::StringRef What, bool InMacroBodies) {
  auto At = editable(Loc, What, Place::Token, InMacroBodies);
  if (!At)
    return false;
  // A token of a macro's body is reached from each of its uses: once.
  if (!Replaced.insert(At->getRawEncoding()).second)
    return true;
  replaceOriginal(*At, *At, Text);
  return true;
}

bool RewriteSession::replaceTokens(SourceLocation First, SourceLocation Last,
                                   llvm::StringRef Text, llvm::StringRef What,
                                   bool InMacroBodies) {
  auto Begin = editable(First, What, Place::Token, InMacroBodies);
  if (!Begin)
    return false;
  auto End = editable(Last, What, Place::Token, InMacroBodies);
  if (!End)
    return false;
  // Written together: one line of names and `::` between them (not `STD rand`,
  // with a macro STD of `std::`, where the two ends are far apart in the file).
  bool Together =
      SM.getFileID(*Begin) == SM.getFileID(*End) &&
      !SM.isBeforeInTranslationUnit(*End, *Begin) &&
      llvm::all_of(sourceText(SourceRange(*Begin, *End)), [](char C) {
        return llvm::isAlnum(C) || C == '_' || C == ':' || C == ' ' ||
               C == '\t';
      });
  if (!Together) {
    SourceLocation InMacro = First.isMacroID() ? First : Last;
    Diags.report(First, Diag::InMacroBody)
        << What << Lexer::getImmediateMacroName(InMacro, SM, Ctx.getLangOpts());
    return false;
  }
  if (!Replaced.insert(Begin->getRawEncoding()).second)
    return true;
  replaceOriginal(*Begin, *End, Text);
  return true;
}

void RewriteSession::replaceOriginal(SourceLocation Begin,
                                     SourceLocation LastToken,
                                     llvm::StringRef Text) {
  // By the original length: the CharSourceRange form would also take away
  // what other lowerings inserted at Begin.
  unsigned End = SM.getFileOffset(
      Lexer::getLocForEndOfToken(LastToken, 0, SM, Ctx.getLangOpts()));
  R.ReplaceText(Begin, End - SM.getFileOffset(Begin), Text);
}

bool RewriteSession::replaceRange(SourceRange Range, llvm::StringRef Text,
                                  llvm::StringRef What) {
  auto Begin = editable(Range.getBegin(), What, Place::Start);
  if (!Begin)
    return false;
  auto End = editable(Range.getEnd(), What, Place::End);
  if (!End)
    return false;
  Replaced.insert(Begin->getRawEncoding());
  replaceOriginal(*Begin, *End, Text);
  return true;
}

std::string RewriteSession::sourceText(SourceRange Range) const {
  return Lexer::getSourceText(CharSourceRange::getTokenRange(Range), SM,
                              Ctx.getLangOpts())
      .str();
}

std::optional<SourceLocation>
RewriteSession::endOfStatement(const Stmt *St, llvm::StringRef What,
                               bool Quiet) {
  if (Quiet && St->getEndLoc().isMacroID())
    return std::nullopt;
  auto Last = editable(St->getEndLoc(), What, Place::End);
  if (!Last)
    return std::nullopt;
  SourceLocation End =
      Lexer::getLocForEndOfToken(*Last, 0, SM, Ctx.getLangOpts());
  if (!endsBeforeSemicolon(St))
    return End;
  // The `;`, after any comments.
  std::optional<Token> Semi =
      Lexer::findNextToken(*Last, SM, Ctx.getLangOpts());
  if (Semi && Semi->is(tok::semi))
    return Semi->getEndLoc();
  // A macro that supplies the `;` (`f() END`): its body cannot be edited.
  if (Quiet)
    return std::nullopt;
  Diags.report(*Last, Diag::InMacroBody)
      << What
      << (Semi && Semi->is(tok::raw_identifier) ? Semi->getRawIdentifier().str()
                                                : std::string("?"));
  return std::nullopt;
}

void RewriteSession::replacePragma(const PragmaRecord &P,
                                   llvm::StringRef Comment) {
  if (P.HashLoc.isMacroID() || !inUserFile(P.HashLoc))
    return; // _Pragma in a macro: nothing to turn into a comment
  // The line from its '#' to its end (a backslash-newline continues it),
  // without the newline.
  FileID File = SM.getFileID(P.HashLoc);
  llvm::StringRef Buffer = SM.getBufferData(File);
  unsigned Begin = SM.getFileOffset(P.HashLoc), End = Begin;
  while (End < Buffer.size() && Buffer[End] != '\n') {
    if (Buffer[End] == '\\' && End + 1 < Buffer.size() &&
        Buffer[End + 1] == '\n')
      ++End; // the line goes on
    ++End;
  }
  SourceLocation Start = SM.getLocForStartOfFile(File);
  R.ReplaceText(CharSourceRange::getCharRange(Start.getLocWithOffset(Begin),
                                              Start.getLocWithOffset(End)),
                Comment);
}

std::string RewriteSession::where(SourceLocation Loc) const {
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(Loc));
  if (P.isInvalid())
    return "?";
  return llvm::sys::path::filename(P.getFilename()).str() + ":" +
         std::to_string(P.getLine());
}

std::string RewriteSession::fileName() const {
  return llvm::sys::path::filename(SM.getFileEntryRefForID(Main)->getName())
      .str();
}

std::string RewriteSession::lineDirective(FileID FID, unsigned Line) const {
  std::string Text = "#line " + std::to_string(Line);
  if (Options.LineDirectives)
    Text += " \"" + SM.getFileEntryRefForID(FID)->getName().str() + "\"";
  return Text + "\n";
}

std::string RewriteSession::typeText(QualType T) const {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressScope = false;
  Policy.FullyQualifiedName = true;
  Policy.SuppressUnwrittenScope = true;
  return T.getAsString(Policy);
}

bool RewriteSession::isC() const { return !Ctx.getLangOpts().CPlusPlus; }

std::optional<std::vector<TranslatedFile>> RewriteSession::result() {
  if (Ctx.getDiagnostics().hasErrorOccurred())
    return std::nullopt;
  // The main file first, then each user file in the order it was entered.
  std::vector<FileID> Files = {Main};
  if (const Inclusions *Includes = Model.inclusions())
    for (FileID FID : Includes->files())
      if (FID != Main && isUserFile(FID))
        Files.push_back(FID);

  std::vector<TranslatedFile> Out;
  llvm::StringMap<std::pair<size_t, FileID>> ByPath; // a header included twice
  for (FileID FID : Files) {
    TranslatedFile F;
    F.Path = absolutePath(SM, FID);
    F.IsSource = FID == Main;
    const RewriteBuffer *Buffer = R.getRewriteBufferFor(FID);
    F.Rewritten = Buffer != nullptr;
    std::string Body = Buffer ? std::string(Buffer->begin(), Buffer->end())
                              : SM.getBufferData(FID).str();
    if (!Body.empty() && Body.back() != '\n')
      Body += '\n';
    F.Text = Prologues.lookup(FID) + Body + (F.IsSource ? Epilogue : "");
    auto [It, New] = ByPath.try_emplace(F.Path, Out.size(), FID);
    if (New) {
      Out.push_back(std::move(F));
      continue;
    }
    // An inclusion skipped by its guard has no edits: only edited inclusions
    // must agree.
    TranslatedFile &First = Out[It->second.first];
    if (!F.Rewritten)
      continue;
    if (!First.Rewritten) {
      First = std::move(F);
      It->second.second = FID;
    } else if (First.Text != F.Text) {
      Diags.report(SM.getIncludeLoc(FID), Diag::HeaderTranslatedTwice)
          << llvm::sys::path::filename(F.Path);
      Diags.report(SM.getIncludeLoc(It->second.second), Diag::NoteIncludedHere);
    }
  }
  if (Ctx.getDiagnostics().hasErrorOccurred())
    return std::nullopt;
  return Out;
}

} // namespace bamboo::codegen
